import path from "node:path";
import type { z } from "zod";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import { readYaml } from "../config/read-yaml.ts";
import { lazyLocator, type Locator, type YamlSource } from "../config/yaml-source.ts";
import { dotted, REQUIRED } from "../config/zod-problems.ts";
import { copyFiles, type Copy } from "./copy-schema.ts";
import { factWarnings } from "./hand-written-facts.ts";
import { fillPlaceholders, mapStrings, repeatedWordMessage, repeatedWords, unknownPlaceholderMessage, unknownPlaceholders, type Facts } from "./placeholders.ts";
import { copyKey, idCopyFile, type IdFolder } from "../page-kinds.ts";

export interface LoadCopyOptions {
  contentDir: string;
  /** How contentDir is named in messages, e.g. `content`. */
  displayDir: string;
  facts: Facts;
  /** Where the files are read; the disk by default. */
  sources?: SourceFiles;
  /** The copy files and their schemas (siteCopyFiles: the site's services); every fixed file by default. */
  files?: Readonly<Record<string, z.ZodType>>;
  /** Copy files not loaded (a translation's untranslated page types, the shared testimonials). */
  skip?: ReadonlySet<string>;
  /**
   * A translation's: the default language's copy, whose every key the translation must have,
   * and how its folder is named in messages.
   */
  reference?: { copy: Copy; displayDir: string };
  /** Where text that reads clumsily once filled is reported (a word repeated across a placeholder). */
  warnings?: Problem[];
  /**
   * A translation's files that lack something the default language has (a key, an item, the whole
   * file), by copy file name: not errors but translations still to write. Without it they are errors.
   */
  pending?: Map<string, Problem[]>;
  /** Where each file's keys are, by the file's name in messages: for warnings found after loading. */
  positions?: Map<string, Locator>;
}

/**
 * Placeholders a file may keep for the page to fill; one that is also a site fact ({region}: a
 * town's own state) is left for the page too.
 */
const PAGE_LEVEL: Record<string, readonly string[]> = {
  "pages/city.yaml": ["city", "region"],
  "chrome.yaml": ["city", "days", "price"],
};

/** Loads, validates and fills every copy file; reports the problems of all files at once. */
export async function loadCopy(options: LoadCopyOptions): Promise<Copy> {
  const problems: Problem[] = [];
  const copy: Record<string, unknown> = { services: {}, own: {} };
  // Read at once, put together in the files' order: the same copy, key for key, on every build.
  const read = await Promise.all(
    Object.entries(options.files ?? copyFiles).map(async ([name, schema]): Promise<[string, unknown] | undefined> => {
      if (options.skip?.has(name)) return undefined;
      const file = `${options.displayDir}/${name}`;
      const found: Problem[] = [];
      const text = await readCopyFile(options.sources ?? diskSources, path.join(options.contentDir, name), file, found);
      if (text !== undefined) options.positions?.set(file, lazyLocator(file, text));
      const reference = options.reference && {
        value: copyOf(options.reference.copy, name),
        file: `${options.reference.displayDir}/${name}`,
      };
      const value = text === undefined ? undefined : parseCopy(text, file, schema, options.facts, PAGE_LEVEL[name] ?? [], found, reference, options.warnings);
      const missing = options.pending && reference ? found.filter(isMissing) : [];
      if (missing.length > 0) options.pending!.set(name, missing);
      problems.push(...found.filter((problem) => !missing.includes(problem)));
      return found.length === 0 ? [name, value] : undefined;
    }),
  );
  for (const entry of read) if (entry) setCopy(copy, entry[0], entry[1]);
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  return copy as Copy;
}

/** Validates one YAML copy text and fills its placeholders; pushes problems instead of throwing. */
export function parseCopy(
  text: string,
  file: string,
  schema: z.ZodType,
  facts: Facts,
  pageLevel: readonly string[],
  problems: Problem[],
  reference?: { value: unknown; file: string },
  warnings?: Problem[],
): unknown {
  const read = readYaml(file, text, schema, problems);
  if (!read) return undefined;
  if (reference) {
    for (const { at, missing } of keyDifferences(reference.value, read.data, [])) {
      problems.push({
        file,
        ...read.source().locate(missing ? at.slice(0, -1) : at),
        field: dotted(at),
        message: missing ? `${MISSING_KEY}${reference.file} has it` : `not in ${reference.file}: a translation has the same keys as the default language`,
      });
    }
  }
  const known = new Set([...Object.keys(facts), ...pageLevel]);
  const pageFacts = pageLevel.some((name) => Object.hasOwn(facts, name)) ? Object.fromEntries(Object.entries(facts).filter(([name]) => !pageLevel.includes(name))) : facts;
  const before = problems.length;
  const filled = mapStrings(read.data, [], (value, at) => {
    for (const { name } of unknownPlaceholders(value, known)) {
      problems.push(placeholderProblem(read.source(), at, name, known));
    }
    for (const repeat of warnings ? repeatedWords(value, facts) : []) {
      warnings!.push({ file, ...read.source().locate(at), field: dotted(at), message: repeatedWordMessage(repeat) });
    }
    for (const written of warnings ? factWarnings(value, facts) : []) {
      warnings!.push({ file, ...read.source().locate(at), field: dotted(at), message: written.message });
    }
    return fillPlaceholders(value, pageFacts);
  });
  return problems.length > before ? undefined : filled;
}

function placeholderProblem(source: YamlSource, at: PropertyKey[], name: string, known: Set<string>): Problem {
  return {
    file: source.file,
    ...source.locate(at),
    field: dotted(at),
    message: unknownPlaceholderMessage(name, known),
  };
}

const NOT_FOUND = "file not found; every copy file is required";
const MISSING_KEY = "missing: ";

/** A translation's gap: a file, key or item the default language has and the translation lacks. */
function isMissing(problem: Problem): boolean {
  return problem.message === NOT_FOUND || problem.message.startsWith(MISSING_KEY) || problem.message.startsWith(REQUIRED);
}

async function readCopyFile(sources: SourceFiles, absolute: string, file: string, problems: Problem[]): Promise<string | undefined> {
  try {
    return await sources.readText(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push({ file, message: code === "ENOENT" ? NOT_FOUND : `cannot read (${code})` });
    return undefined;
  }
}

/** A copy file's text in a language's copy: a service's under `services`, an own page's under `own`, by its id. */
export function copyOf(copy: Copy, name: string): unknown {
  const [group, id] = byId(name);
  return group ? (copy[group] as Record<string, unknown>)[id!] : (copy as unknown as Record<string, unknown>)[copyKey(name)];
}

function setCopy(copy: Record<string, unknown>, name: string, value: unknown): void {
  const [group, id] = byId(name);
  if (group) (copy[group] as Record<string, unknown>)[id!] = value;
  else copy[copyKey(name)] = value;
}

/** `services/lawn.yaml` -> services, lawn; `own/financing.yaml` -> own, financing; none for a fixed file. */
function byId(name: string): [group: IdFolder, id: string] | [] {
  const named = idCopyFile(name);
  return named ? [named.folder, named.id] : [];
}

/**
 * Keys one side has and the other lacks, at any depth (lists compared item by item). The schemas
 * already refuse unknown keys and require most: this finds the optional ones a translation missed
 * or added.
 */
function keyDifferences(reference: unknown, translated: unknown, at: PropertyKey[]): Array<{ at: PropertyKey[]; missing: boolean }> {
  if (Array.isArray(reference) && Array.isArray(translated)) {
    const items = reference.flatMap((item, index) => (index < translated.length ? keyDifferences(item, translated[index], [...at, index]) : []));
    // An item the default has and the translation lacks, or one more than the default has.
    const extra = Math.min(reference.length, translated.length);
    return [
      ...items,
      ...reference.slice(extra).map((_, index) => ({ at: [...at, extra + index], missing: true })),
      ...translated.slice(extra).map((_, index) => ({ at: [...at, extra + index], missing: false })),
    ];
  }
  if (!isRecord(reference) || !isRecord(translated)) return [];
  const differences: Array<{ at: PropertyKey[]; missing: boolean }> = [];
  for (const key of Object.keys(reference)) {
    if (key === "lang") continue;
    if (!(key in translated)) differences.push({ at: [...at, key], missing: true });
    else differences.push(...keyDifferences(reference[key], translated[key], [...at, key]));
  }
  // `lang` marks a part left in another language (a customer's own words): a translation may add it.
  for (const key of Object.keys(translated)) if (!(key in reference) && key !== "lang") differences.push({ at: [...at, key], missing: false });
  return differences;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
