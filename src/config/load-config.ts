import { readFile } from "node:fs/promises";
import { SiteError, type Problem } from "../errors.ts";
import { nearbyTownsWithoutPage, runCrossChecks } from "./cross-checks.ts";
import { siteSchema, type Site } from "./schema.ts";
import { parseYamlFast } from "./fast-yaml.ts";
import { parseYaml } from "./yaml-source.ts";
import { PARSE_OPTIONS, zodIssuesToProblems, dotted } from "./zod-problems.ts";

export interface LoadConfigOptions {
  /** Absolute path of site.yaml. */
  path: string;
  /** How the file is named in messages (relative to the project). */
  displayPath: string;
}

export interface LoadConfigResult {
  site: Site;
  /** Things worth telling the owner that are not errors. */
  notices: string[];
}

/** Reads and validates site.yaml; throws a SiteError listing every problem at once. */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadConfigResult> {
  const text = await readText(options.path, options.displayPath);
  return parseConfig(text, options.displayPath);
}

/** Validates the text of site.yaml. Pure apart from throwing. */
export function parseConfig(text: string, file: string): LoadConfigResult {
  // The fast parser handles the common case, a valid file; any problem is located by the careful one.
  const fast = parseYamlFast(text);
  if (fast && fast.data && typeof fast.data === "object" && !Array.isArray(fast.data)) {
    const parsed = siteSchema.safeParse(fast.data);
    if (parsed.success && runCrossChecks(parsed.data).length === 0) return resultFor(parsed.data);
  }
  return parseConfigCarefully(text, file);
}

/** The path that knows every node's line and column, and limits aliases. */
function parseConfigCarefully(text: string, file: string): LoadConfigResult {
  const source = parseYaml(file, text);
  if (source.problems.length > 0) throw new SiteError(source.problems);
  if (source.data === null || source.data === undefined) {
    throw new SiteError([{ file, line: 1, column: 1, message: "the file is empty; copy the sample site.yaml to start" }]);
  }
  if (typeof source.data !== "object" || Array.isArray(source.data)) {
    throw new SiteError([{ file, line: 1, column: 1, message: "expected a YAML mapping of settings (key: value lines)" }]);
  }

  const parsed = siteSchema.safeParse(source.data, PARSE_OPTIONS);
  if (!parsed.success) throw new SiteError(zodIssuesToProblems(parsed.error.issues, source, siteSchema));

  const crossProblems: Problem[] = runCrossChecks(parsed.data).map((issue) => ({
    file,
    ...source.locate(issue.path),
    field: dotted(issue.path),
    message: issue.message,
  }));
  if (crossProblems.length > 0) throw new SiteError(crossProblems);
  return resultFor(parsed.data);
}

function resultFor(site: Site): LoadConfigResult {
  const notices = nearbyTownsWithoutPage(site).map(
    ({ city, town }) => `${city} lists ${town} as nearby; it has no page of its own, so its link goes to /service-areas`,
  );
  return { site, notices };
}

async function readText(path: string, displayPath: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === "ENOENT" ? "file not found; run the command from the project folder or pass --config" : `cannot read the file (${code})`;
    throw new SiteError([{ file: displayPath, message }], { cause: error });
  }
}
