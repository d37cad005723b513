import { compareText } from "./compare-text.ts";
import { environmentMessage } from "./environment-errors.ts";

/** One thing wrong with the user's input, located as precisely as we can. */
export interface Problem {
  /** Path of the file, relative to the project root when possible. */
  file: string;
  line?: number;
  column?: number;
  /** Dotted key path inside the file, e.g. `cities.3.lat`. Empty for whole-file problems. */
  field?: string;
  message: string;
}

/**
 * The user's input is wrong: a mistake they can fix. The CLI prints `problems` and exits 1,
 * without a stack trace. Anything that is not a SiteError is a bug and keeps its stack.
 */
export class SiteError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[], options?: { cause?: unknown }) {
    super(problems.map(formatProblem).join("\n"), options);
    this.name = "SiteError";
    this.problems = problems;
  }
}

/** `file:line:column  field.path  message`, the one format every problem is printed in. */
export function formatProblem(problem: Problem): string {
  let location = problem.file;
  if (problem.line !== undefined) {
    location += `:${problem.line}`;
    if (problem.column !== undefined) location += `:${problem.column}`;
  }
  const parts = [location];
  if (problem.field) parts.push(problem.field);
  parts.push(problem.message);
  return parts.join("  ");
}

/** Problems in reading order: by file, then line, then column. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => compareText(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

export function isSiteError(error: unknown): error is SiteError {
  return error instanceof SiteError;
}

/** A user mistake that is not about a file: a port in use, a missing output folder. Exit 1, no stack. */
export class UserError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UserError";
  }
}

/** A template that cannot be loaded, or cannot render a page with its data: named by route and template file. */
export class RenderError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "RenderError";
  }
}

/** How a failure is told, the same in the terminal and the dev server's overlay. */
export interface FailureReport {
  /** What went wrong, a line each (a problem's location first). */
  lines: string[];
  /** The user's to fix (their input, a template, the machine), or a bug of gopher-site's. */
  kind: "site" | "template" | "user" | "bug";
}

/** The one formatter of failures: located problems, a template's error, the machine's advice, or a bug with its stack. */
export function describeFailure(error: unknown): FailureReport {
  if (isSiteError(error)) return { lines: error.problems.map(formatProblem), kind: "site" };
  if (error instanceof RenderError) return { lines: [error.message], kind: "template" };
  if (error instanceof UserError) return { lines: [error.message], kind: "user" };
  const environment = environmentMessage(error);
  if (environment) return { lines: [environment], kind: "user" };
  return { lines: [`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`], kind: "bug" };
}
