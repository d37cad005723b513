import { build } from "../build.ts";
import { formatProblem, SiteError } from "../errors.ts";
import { formatMs, type Logger } from "../log.ts";

export interface CheckCommandOptions {
  config: string;
  siteUrl?: string;
  /** Warnings become errors. */
  strict?: boolean;
}

/** `gopher-site check`: validate, render in memory and check every link; write nothing. */
export async function checkCommand(options: CheckCommandOptions, log: Logger): Promise<void> {
  const result = await build({ config: options.config, siteUrl: options.siteUrl, write: false, onStage: (name, ms) => log.stage(name, ms) });
  if (options.strict && result.warnings.length > 0) {
    throw new SiteError(result.warnings.map((warning) => ({ ...warning, message: `${warning.message} (an error with --strict)` })));
  }
  for (const notice of result.notices) log.notice(notice);
  for (const warning of result.warnings) log.warn(formatProblem(warning));
  log.success(`Checked ${result.pages.length} pages and ${result.fileCount} files in ${formatMs(result.ms)}: no problems`);
}
