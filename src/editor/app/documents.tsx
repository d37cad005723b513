import { useState, type ReactNode } from "react";
import type { EditedFile, JsonSchema } from "./api.ts";
import { MarkdownFile } from "./markdown-file.tsx";
import type { SiteLanguage } from "./site-paths.ts";

/** Markdown documents of one folder, in every language: articles (blog/) or legal pages (legal/). */
export interface DocumentKind {
  /** The folder, which is also the page type language.yaml's `untranslated` names. */
  folder: "blog" | "legal";
  /** "article", "legal page" */
  noun: string;
  /** Prefix of the default language's field ids (`article` -> `#article_title`); a translation's adds `_<code>`. */
  id: string;
  /** The page a saved version is built as, in its language, when that language builds it. */
  pagePath(language: SiteLanguage, name: string, data: Record<string, unknown>): string | undefined;
  /** Whether a picture can be uploaded (articles). */
  picture?: boolean;
}

interface DocumentsProps {
  kind: DocumentKind;
  files: Record<string, EditedFile>;
  schema: JsonSchema;
  /** The site's languages, the default first. */
  languages: SiteLanguage[];
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
  /** Above the list: a way to start a new document, given the function that opens it by file name. */
  start?(open: (name: string) => void): ReactNode;
}

/** The document open in each folder: after a save the section starts again from the saved files, on it. */
const lastOpen = new Map<string, string | undefined>();

/**
 * Each document once, by its file name (a translation is named like the document it translates),
 * with whether each other language has it; opened, every language's version side by side.
 */
export function Documents({ kind, files, schema, languages, onSaved, onPreview, start }: DocumentsProps) {
  const [open, setOpenState] = useState<string | undefined>(() => lastOpen.get(kind.folder));
  const setOpen = (name: string | undefined) => {
    lastOpen.set(kind.folder, name);
    setOpenState(name);
  };
  const fileOf = (language: SiteLanguage, name: string) => `${language.folder}${kind.folder}/${name}`;
  const folders = languages.map((language) => `${language.folder}${kind.folder}/`);
  const inFolders = Object.keys(files).filter((file) => file.endsWith(".md") && folders.some((folder) => file.startsWith(folder)));
  const names = [...new Set(inFolders.map((file) => file.slice(file.lastIndexOf("/") + 1)))].sort();
  const titleOf = (name: string) => {
    const shown = languages.map((language) => files[fileOf(language, name)]).find(Boolean);
    const data = (shown?.data ?? {}) as { title?: string; heading?: string };
    return String(data.heading ?? data.title ?? name);
  };
  if (open) {
    return (
      <div className="document-view">
        <button type="button" className="link" onClick={() => setOpen(undefined)}>← All {kind.noun}s</button>
        <h2 className="document-title">{titleOf(open)}</h2>
        <div className="document-pair">
          {languages.map((language) => (
            <Version key={language.code} kind={kind} name={open} language={language} languages={languages} files={files} schema={schema} onSaved={onSaved} onPreview={onPreview} />
          ))}
        </div>
      </div>
    );
  }
  const [first, ...others] = languages;
  return (
    <div className="documents">
      {start?.(setOpen)}
      <ul className="document-list">
        {names.map((name) => (
          <li key={name}>
            <button type="button" onClick={() => setOpen(name)}>{titleOf(name)}</button>
            <code>{name}</code>
            <span className="translation-status">
              {!files[fileOf(first!, name)] && <span className="missing">no {first!.name} version</span>}
              {others.map((language) => {
                const has = Boolean(files[fileOf(language, name)]);
                const onPurpose = !has && language.untranslated.includes(kind.folder);
                return (
                  <span key={language.code} className={has ? "translated" : "missing"}>
                    {language.code}: {has ? "translated" : onPurpose ? `left in ${first!.name}` : "not translated"}
                  </span>
                );
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One language's version of the open document: its form, or how to start its translation. */
function Version({ kind, name, language, languages, files, schema, onSaved, onPreview }: {
  kind: DocumentKind;
  name: string;
  language: SiteLanguage;
  languages: SiteLanguage[];
  files: Record<string, EditedFile>;
  schema: JsonSchema;
  onSaved(files: Record<string, EditedFile>): void;
  onPreview(path: string): void;
}) {
  const [translating, setTranslating] = useState(false);
  const first = languages[0]!;
  const file = `${language.folder}${kind.folder}/${name}`;
  const original = files[`${first.folder}${kind.folder}/${name}`];
  const initial = files[file];
  const label = language.isDefault ? language.name : `${language.name} (${language.code})`;
  const common = {
    file,
    schema,
    language: label,
    id: language.isDefault ? kind.id : `${kind.id}_${language.code}`,
    saveLabel: language.isDefault ? `Save ${kind.noun}` : `Save (${language.code})`,
    pagePath: (data: Record<string, unknown>) => kind.pagePath(language, name, data),
    picture: kind.picture,
    onSaved,
    onPreview,
  };
  // A left-out page type is built in the default language only, whatever this folder holds.
  const onPurpose = !language.isDefault && language.untranslated.includes(kind.folder)
    ? `${language.name} leaves ${kind.noun}s in ${first.name} on purpose (${language.folder}language.yaml, untranslated): this version is not built until you take “${kind.folder}” off that list in Languages.`
    : undefined;

  if (initial) return <div className="version">{onPurpose && <p className="untranslated">{onPurpose}</p>}<MarkdownFile {...common} initial={initial} /></div>;
  if (language.isDefault) {
    if (languages.some((other) => files[`${other.folder}${kind.folder}/${name}`])) {
      return <p className="untranslated version">No {first.name} version: {file} does not exist, and a translation of nothing is refused by the build.</p>;
    }
    // A new document: its address from the file name, today's date.
    const slug = name.replace(/\.md$/, "");
    return <div className="version"><MarkdownFile {...common} initial={undefined} draft={{ data: { slug, date: new Date().toISOString().slice(0, 10) }, body: "" }} /></div>;
  }
  if (!original) {
    return <p className="untranslated version">{language.name}: save the {first.name} {kind.noun} first, then translate it.</p>;
  }
  if (translating) {
    return (
      <div className="version">
        {onPurpose && <p className="untranslated">{onPurpose}</p>}
        <MarkdownFile {...common} initial={undefined} draft={{ data: structuredClone(original.data) as Record<string, unknown>, body: original.body ?? "" }}
          note={`Copied from the ${first.name} version: translate each field and the text, then save to create ${file}.`} />
      </div>
    );
  }
  return (
    <div className="version untranslated-version">
      <header className="file-form-header"><h3>{label}</h3></header>
      <p className="untranslated">Not translated into {language.name} yet: {file} does not exist.</p>
      {onPurpose && <p className="untranslated">{onPurpose}</p>}
      <button type="button" onClick={() => setTranslating(true)}>Translate into {language.code}</button>
    </div>
  );
}
