import { formatProblem, SiteError } from "../../src/errors.ts";

/** The printed problem lines of the SiteError `run` throws, or [] when it throws none (other errors go on). */
export function problemLines(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (error) {
    return linesOf(error);
  }
}

/** problemLines for an asynchronous `run`. */
export async function problemLinesAsync(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
    return [];
  } catch (error) {
    return linesOf(error);
  }
}

function linesOf(error: unknown): string[] {
  if (!(error instanceof SiteError)) throw error;
  return error.problems.map(formatProblem);
}
