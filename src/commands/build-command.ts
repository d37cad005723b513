import path from "node:path";
import { build } from "../build.ts";
import { formatProblem } from "../errors.ts";
import { formatBytes, formatMs, type Logger } from "../log.ts";
import type { OutputFormat } from "../routes/urls.ts";

export interface BuildCommandOptions {
  config: string;
  out?: string;
  emptyOutDir?: boolean;
  siteUrl?: string;
  format?: OutputFormat;
}

/** `gopher-site build`: the stages, the notices, then one summary line. */
export async function buildCommand(options: BuildCommandOptions, log: Logger): Promise<void> {
  // A host builds the pushed commit: its id goes in /.well-known/gopher-site.json for the editor to find.
  const result = await build({ ...options, writeVersion: true, onStage: (name, ms) => log.stage(name, ms) });
  for (const notice of result.notices) log.notice(notice);
  for (const warning of result.warnings) log.warn(formatProblem(warning));
  if (log.level === "verbose" && result.renderThreads > 0) log.info(`Rendered on ${result.renderThreads} threads`);
  const where = path.relative(process.cwd(), result.outDir) || ".";
  log.success(`Wrote ${result.pages.length} pages (${result.fileCount} files, ${formatBytes(result.bytes)}) to ${where} in ${formatMs(result.ms)}`);
}
