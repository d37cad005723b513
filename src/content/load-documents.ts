import path from "node:path";
import { compareText } from "../compare-text.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import { legalFrontMatter } from "./copy-schema.ts";
import { articleFrontMatter, type Article, type LegalPage } from "./article-schema.ts";
import { selectConditionalBlocks, type Conditions } from "./conditional-blocks.ts";
import { readFrontMatter } from "./front-matter.ts";
import type { Locator, YamlSource } from "../config/yaml-source.ts";
import { countWords, renderMarkdown, type ConvertedMarkdown } from "./markdown.ts";
import { fillPlaceholders, mapStrings, repeatedWordMessage, repeatedWords, unknownPlaceholderMessage, unknownPlaceholders, type Facts } from "./placeholders.ts";
import { factWarnings } from "./hand-written-facts.ts";
import { starterWordsNotice } from "./starter-words.ts";

export interface LoadDocumentsOptions {
  contentDir: string;
  displayDir: string;
  facts: Facts;
  /** Where the files are read; the disk by default. */
  sources?: SourceFiles;
  /** What legal documents' `::: if name` blocks test (src/routes/privacy.ts documentConditions); none by default. */
  conditions?: Conditions;
  /** Converts markdown bodies (build.ts passes the cached converter); by default each is converted. */
  convert?: (bodies: readonly string[]) => Promise<ConvertedMarkdown[]>;
  /**
   * A translation's folder (content/es): each article is named like the default language's
   * article it translates (one of these slugs) and has its own slug; each folder is loaded only
   * when the language translates it. A legal page is named like the one it translates (`legalOf`),
   * which is what links it from the footer, the privacy choices and its hreflang pair.
   */
  /** Where text that reads clumsily once filled is reported (a word repeated across a placeholder). */
  warnings?: Problem[];
  /** Where each file's front matter keys are, by the file's name in messages: for warnings found after loading. */
  positions?: Map<string, Locator>;
  translation?: { of: ReadonlySet<string>; legalOf: ReadonlySet<string>; blog: boolean; legal: boolean };
}

/** A markdown file whose front matter is valid, waiting for its body to be converted. */
interface Parsed<T> {
  file: string;
  name: string;
  data: T;
  body: string;
  bodyLine: number;
  /** When conditional blocks left lines out: each body line's line in the file's body. */
  lineMap?: number[];
  /** The front matter with positions, parsed on first use. */
  source(): YamlSource;
}

async function convertEach(bodies: readonly string[]): Promise<ConvertedMarkdown[]> {
  const { convertMarkdown } = await import("./markdown-convert.ts");
  return bodies.map(convertMarkdown);
}

export interface LoadDocumentsResult {
  /** Newest first, then by title. */
  articles: Article[];
  legal: LegalPage[];
  /** Where a file still has init's starter words (starter-words.ts), with what to do: notices, not warnings. */
  starter: string[];
}


/** Loads content/blog/*.md and content/legal/*.md; every problem of every file at once. */
export async function loadDocuments(options: LoadDocumentsOptions): Promise<LoadDocumentsResult> {
  const problems: Problem[] = [];
  const starter: string[] = [];
  const [blogFiles, legalFiles] = await Promise.all([
    options.translation && !options.translation.blog
      ? []
      : loadFolder(options, "blog", problems, starter, (file, name, text) => parseArticle(file, name, text, problems, options.translation?.of)),
    options.translation && !options.translation.legal
      ? []
      : loadFolder(options, "legal", problems, starter, (file, name, text) => parseLegal(file, name, text, options.conditions ?? {}, problems, options.translation?.legalOf)),
  ]);
  for (const parsed of [...blogFiles, ...legalFiles]) options.positions?.set(parsed.file, (at) => parsed.source().locate(at));
  const converted = await (options.convert ?? convertEach)([...blogFiles, ...legalFiles].map((parsed) => parsed.body));
  const warnings = options.warnings ?? [];
  const articles = compact(blogFiles.map((parsed, i) => finishArticle(parsed, converted[i]!, options.facts, problems, warnings)));
  const legal = compact(legalFiles.map((parsed, i) => finishLegal(parsed, converted[blogFiles.length + i]!, options.facts, problems, warnings)));
  // A translation may have none yet: each article it lacks is one of its gaps (load-translation.ts).
  if (articles.length === 0 && problems.length === 0 && !options.translation) {
    problems.push({ file: `${options.displayDir}/blog`, message: "no articles found; add at least one .md file" });
  }
  problems.push(...duplicateSlugs(articles));
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  articles.sort((a, b) => compareText(b.date, a.date) || compareText(a.file, b.file));
  return { articles, legal, starter: starter.sort(compareText) };
}

async function loadFolder<T>(
  options: LoadDocumentsOptions,
  folder: string,
  problems: Problem[],
  starter: string[],
  load: (file: string, name: string, text: string) => T | undefined,
): Promise<T[]> {
  const dir = path.join(options.contentDir, folder);
  const sources = options.sources ?? diskSources;
  let names: string[];
  try {
    names = (await sources.list(dir)).filter((name) => name.endsWith(".md")).sort();
  } catch {
    problems.push({ file: `${options.displayDir}/${folder}`, message: "folder not found" });
    return [];
  }
  const loaded = await Promise.all(
    names.map(async (name) => {
      const file = `${options.displayDir}/${folder}/${name}`;
      const text = await sources.readText(path.join(dir, name));
      const notice = starterWordsNotice(file, text);
      if (notice) starter.push(notice);
      return load(file, name, text);
    }),
  );
  return loaded.filter((item): item is Awaited<T> & {} => item !== undefined);
}

type ArticleFields = Omit<Article, "html" | "words" | "file" | "translationOf">;
type LegalFields = Omit<LegalPage, "html" | "file" | "slug">;

function parseArticle(file: string, name: string, text: string, problems: Problem[], translationOf?: ReadonlySet<string>): Parsed<ArticleFields> | undefined {
  const doc = readFrontMatter(file, text, articleFrontMatter, problems);
  if (!doc) return undefined;
  const base = name.replace(/\.md$/, "");
  if (translationOf) {
    if (!translationOf.has(base)) {
      problems.push({ file, message: `translates no article: name it like the article it translates (${[...translationOf].sort().join(", ")})` });
    }
  } else if (doc.data.slug !== base) {
    problems.push({ file, line: 1, field: "slug", message: `is "${doc.data.slug}" but the file is named ${name}; make them match` });
  }
  return { file, name, ...doc };
}

function parseLegal(file: string, name: string, text: string, conditions: Conditions, problems: Problem[], translationOf?: ReadonlySet<string>): Parsed<LegalFields> | undefined {
  const doc = readFrontMatter(file, text, legalFrontMatter, problems);
  if (!doc) return undefined;
  if (translationOf && !translationOf.has(name.replace(/\.md$/, ""))) {
    const names = [...translationOf].sort().map((slug) => `${slug}.md`);
    problems.push({ file, message: `translates no legal page: name it like the page it translates (${names.join(", ") || "the default language has none"}); a translated legal page keeps that address under its language's folder` });
    return undefined;
  }
  const selected = selectConditionalBlocks(doc.body, conditions, doc.bodyLine);
  problems.push(...selected.problems.map(({ line, message }) => ({ file, line, message })));
  if (selected.problems.length > 0) return undefined;
  return { file, name, ...doc, body: selected.body, lineMap: selected.lineMap };
}

function finishArticle(parsed: Parsed<ArticleFields>, converted: ConvertedMarkdown, facts: Facts, problems: Problem[], warnings: Problem[]): Article | undefined {
  const { file, body } = parsed;
  const data = fillFrontMatter(parsed.source, parsed.data, facts, problems, warnings);
  const rendered = renderMarkdown({ file, body, firstLine: parsed.bodyLine, facts, converted });
  problems.push(...rendered.problems);
  warnings.push(...rendered.warnings);
  if (!data || rendered.problems.length > 0) return undefined;
  return { ...data, html: rendered.html, words: countWords(body), file, translationOf: parsed.name.replace(/\.md$/, "") };
}

function finishLegal(parsed: Parsed<LegalFields>, converted: ConvertedMarkdown, facts: Facts, problems: Problem[], warnings: Problem[]): LegalPage | undefined {
  const { file, body } = parsed;
  const data = fillFrontMatter(parsed.source, parsed.data, facts, problems, warnings);
  const rendered = renderMarkdown({ file, body, firstLine: parsed.bodyLine, facts, converted, lineMap: parsed.lineMap });
  problems.push(...rendered.problems);
  warnings.push(...rendered.warnings);
  if (!data || rendered.problems.length > 0) return undefined;
  return { ...data, slug: parsed.name.replace(/\.md$/, ""), html: rendered.html, file };
}

function compact<T>(items: Array<T | undefined>): T[] {
  return items.filter((item): item is T => item !== undefined);
}

function fillFrontMatter<T>(source: () => YamlSource, data: T, facts: Facts, problems: Problem[], warnings: Problem[]): T | undefined {
  const known = new Set(Object.keys(facts));
  const before = problems.length;
  // Parsed again with positions only when there is something to name.
  const at = (path: PropertyKey[]) => ({ file: source().file, ...source().locate(path), field: path.join(".") });
  const filled = mapStrings(data, [], (value, path) => {
    for (const { name } of unknownPlaceholders(value, known)) problems.push({ ...at(path), message: unknownPlaceholderMessage(name, known) });
    for (const repeat of repeatedWords(value, facts)) warnings.push({ ...at(path), message: repeatedWordMessage(repeat) });
    for (const written of factWarnings(value, facts)) warnings.push({ ...at(path), message: written.message });
    return fillPlaceholders(value, facts);
  }) as T;
  return problems.length > before ? undefined : filled;
}

function duplicateSlugs(articles: Article[]): Problem[] {
  const seen = new Map<string, string>();
  const problems: Problem[] = [];
  for (const article of articles) {
    const first = seen.get(article.slug);
    if (first) problems.push({ file: article.file, field: "slug", message: `"${article.slug}" is already used by ${first}` });
    else seen.set(article.slug, article.file);
  }
  return problems;
}
