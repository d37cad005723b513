import { SiteError, type Problem } from "../errors.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import { nearbyTownsWithoutPage, runCrossChecks } from "./cross-checks.ts";
import { siteSchema, type Site } from "./schema.ts";
import { readYaml } from "./read-yaml.ts";
import { dotted } from "./zod-problems.ts";
import { explainOldShapes } from "./old-shapes.ts";

/** Reads site.yaml texts, each piece once (config-memo.ts makes one). */
export interface ConfigMemo {
  read(text: string, file: string): LoadConfigResult;
}

export interface LoadConfigOptions {
  /** Absolute path of site.yaml. */
  path: string;
  /** How the file is named in messages (relative to the project). */
  displayPath: string;
  /** Where the text is read; the disk by default. */
  sources?: SourceFiles;
  /** A dev server's memory of the last texts read (config-memo.ts): only what changed is read again. */
  memo?: ConfigMemo;
}

export interface LoadConfigResult {
  site: Site;
  /** Things worth telling the owner that are not errors. */
  notices: string[];
}

/** Reads and validates site.yaml; throws a SiteError listing every problem at once. */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadConfigResult> {
  const text = await readText(options.sources ?? diskSources, options.path, options.displayPath);
  return options.memo ? options.memo.read(text, options.displayPath) : parseConfig(text, options.displayPath);
}

/** Validates the text of site.yaml. Pure apart from throwing. */
export function parseConfig(text: string, file: string): LoadConfigResult {
  const problems: Problem[] = [];
  const read = readYaml(file, text, siteSchema, problems, { wholeDocument: settingsMapping });
  if (!read) throw new SiteError(explainOldShapes(problems, text));
  const crossIssues = runCrossChecks(read.data);
  if (crossIssues.length > 0) {
    const source = read.source();
    throw new SiteError(crossIssues.map((issue) => ({ file, ...source.locate(issue.path), field: dotted(issue.path), message: issue.message })));
  }
  return resultFor(read.data);
}

/** site.yaml holds a mapping of settings. */
function settingsMapping(data: unknown): string | undefined {
  if (data === null || data === undefined) return "the file is empty; copy the sample site.yaml to start";
  if (typeof data !== "object" || Array.isArray(data)) return "expected a YAML mapping of settings (key: value lines)";
  return undefined;
}

export function resultFor(site: Site): LoadConfigResult {
  const notices = nearbyTownsWithoutPage(site).map(
    ({ city, town }) => `${city} lists ${town} as nearby; it has no page of its own, so its link goes to /service-areas`,
  );
  return { site, notices };
}

async function readText(sources: SourceFiles, path: string, displayPath: string): Promise<string> {
  try {
    return await sources.readText(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === "ENOENT" ? "file not found; run the command from the project folder or pass --config" : `cannot read the file (${code})`;
    throw new SiteError([{ file: displayPath, message }], { cause: error });
  }
}
