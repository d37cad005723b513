import { useState } from "react";
import type { EditedFile, JsonSchema } from "./api.ts";
import { Documents, type DocumentKind } from "./documents.tsx";
import type { SiteLanguage } from "./site-paths.ts";

interface SectionProps {
  files: Record<string, EditedFile>;
  schema: JsonSchema;
  languages: SiteLanguage[];
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}

/** An article's page is at its own front matter's slug, under its language's blog address. */
const ARTICLES: DocumentKind = {
  folder: "blog",
  noun: "article",
  id: "article",
  picture: true,
  pagePath: (language, _name, data) => (typeof data.slug === "string" && !language.untranslated.includes("blog") ? language.paths.article(data.slug) : undefined),
};

/** A legal page is at its file's name, under its language's prefix. */
const LEGAL_PAGES: DocumentKind = {
  folder: "legal",
  noun: "legal page",
  id: "legal",
  pagePath: (language, name) => (language.untranslated.includes("legal") ? undefined : language.paths.legal(name.replace(/\.md$/, ""))),
};

/** The articles in every language: pick one, or start a new one (in the default language; translate it once saved). */
export function Articles(props: SectionProps) {
  return <Documents kind={ARTICLES} {...props} start={(open) => <NewArticle open={open} />} />;
}

/** content/legal/*.md with each language's version beside it. */
export function LegalPages(props: SectionProps) {
  return <Documents kind={LEGAL_PAGES} {...props} />;
}

function NewArticle({ open }: { open(name: string): void }) {
  const [slug, setSlug] = useState("");
  return (
    <form className="new-article" onSubmit={(event) => { event.preventDefault(); if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) open(`${slug}.md`); }}>
      <label htmlFor="new-slug">New article's address (lowercase words and hyphens)</label>
      <div className="inline">
        <input id="new-slug" value={slug} pattern="[a-z0-9]+(-[a-z0-9]+)*" onChange={(event) => setSlug(event.target.value)} placeholder="what-to-do-in-spring" />
        <button type="submit">Start</button>
      </div>
    </form>
  );
}
