import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import { selectConditionalBlocks } from "../content/conditional-blocks.ts";
import { splitMarkdown } from "../content/front-matter.ts";
import { translationFacts } from "../content/language-settings.ts";
import { convertMarkdown } from "../content/markdown-convert.ts";
import { renderMarkdown } from "../content/markdown.ts";
import { siteFacts } from "../content/placeholders.ts";
import { factsWithClaim } from "../content/review-claim.ts";
import { SiteError, type Problem } from "../errors.ts";
import { documentConditions } from "../routes/privacy.ts";
import { diskSources } from "../source-files.ts";
import { PathRefused, readProjectFile } from "./project-files.ts";

/** An article or a legal page, in the default language's folder or a translation's (`content/es/blog/x.md`). */
const DOCUMENT = /^content\/(?:([a-z]{2,3})\/)?(blog|legal)\/[a-z0-9-]+\.md$/;

export interface MarkdownPreview {
  /** The text as the page will show it; empty when the build would refuse it. */
  html: string;
  /** What the build would refuse, located as it locates it. */
  problems: Problem[];
}

/**
 * A markdown text as the build would publish it, by the build's own steps: `::: if` blocks of
 * legal pages, the markdown policy (raw HTML and unsafe links refused, never passed on) and the
 * language's facts for `{placeholders}`, from site.yaml and language.yaml as they are on disk.
 */
export async function previewMarkdown(root: string, file: string, body: string, settings = "site.yaml"): Promise<MarkdownPreview> {
  const match = DOCUMENT.exec(file);
  if (!match) throw new PathRefused(`${JSON.stringify(file)} is not an article or a legal page of this project`);
  const [, code, folder] = match;
  try {
    const { site } = await loadConfig({ path: path.join(root, settings), displayPath: settings });
    const [first, ...others] = site.languages;
    const language = code === undefined ? first! : others.find((each) => each.code === code);
    if (!language) return { html: "", problems: [{ file, message: `site.yaml has no language "${code}"; this file is not built until it has` }] };
    // The language's facts as the build takes them: the default's with {reviewClaim} in its chrome.yaml's words.
    const facts = language === first
      ? await factsWithClaim(site, siteFacts(site), diskSources, path.join(root, "content", "chrome.yaml"), "content/chrome.yaml")
      : (await translationFacts(site, language, diskSources, path.join(root, "content"), "content")).facts;
    const firstLine = await bodyLine(root, file);
    let text = body;
    let lineMap: number[] | undefined;
    if (folder === "legal") {
      const selected = selectConditionalBlocks(body, documentConditions(site), firstLine);
      if (selected.problems.length > 0) return { html: "", problems: selected.problems.map((problem) => ({ file, ...problem })) };
      ({ body: text, lineMap } = selected);
    }
    const { html, problems } = renderMarkdown({ file, body: text, firstLine, facts, converted: convertMarkdown(text), lineMap });
    return { html: html.join(""), problems };
  } catch (error) {
    // site.yaml or language.yaml being wrong is the owner's to fix too: said the way the build says it.
    if (error instanceof SiteError) return { html: "", problems: error.problems };
    throw error;
  }
}

/** The text's first line in the file as it is on disk; 1 for a file not saved yet (its lines are the text's). */
async function bodyLine(root: string, file: string): Promise<number> {
  const current = await readProjectFile(root, file);
  const parts = current && splitMarkdown(current.text);
  if (!parts) return 1;
  return 1 + (`${parts.open}${parts.yaml}${parts.close}`.match(/\n/g)?.length ?? 0);
}
