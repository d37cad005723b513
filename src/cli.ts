import { readFileSync } from "node:fs";
import path from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { build } from "./build.ts";
import { formatProblem, isSiteError } from "./errors.ts";
import { createLogger, formatBytes, formatMs, type Logger, type LogLevel } from "./log.ts";
import { TOOL_ROOT } from "./paths.ts";

/** Exit codes: 0 success, 1 invalid input or failed build, 2 usage error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

function version(): string {
  return (JSON.parse(readFileSync(path.join(TOOL_ROOT, "package.json"), "utf8")) as { version: string }).version;
}

function siteUrlOption(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return value.replace(/\/+$/, "");
  } catch {
    /* fall through */
  }
  throw new InvalidArgumentError("must be an http(s) address, e.g. https://www.example.com");
}

function levelOf(options: { quiet?: boolean; verbose?: boolean }): LogLevel {
  return options.quiet ? "quiet" : options.verbose ? "verbose" : "normal";
}

/** Prints a failure: the user's mistakes as located lines, anything else as a bug with its stack. */
export function reportFailure(error: unknown, log: Logger): number {
  if (isSiteError(error)) {
    for (const problem of error.problems) log.error(formatProblem(problem));
    const count = error.problems.length;
    log.error(`\n${count} problem${count === 1 ? "" : "s"} found; nothing was written.`);
    return EXIT.failed;
  }
  if (error instanceof Error && error.name === "RenderError") {
    log.error(error.message);
    if (log.level === "verbose" && error.cause instanceof Error) log.error(error.cause.stack ?? String(error.cause));
    log.error("The build failed; the previous output was left as it was.");
    return EXIT.failed;
  }
  log.error(`gopher-site hit an internal error (a bug, not your input):`);
  log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return EXIT.failed;
}

/** Parses argv, runs the command, returns the exit code. The only place that sets exit codes. */
export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name("gopher-site")
    .description("Build a local service company's static website from site.yaml and content/.")
    .version(version(), "-v, --version")
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });

  program
    .command("build")
    .description("build the site into the output folder (replaced only when everything succeeded)")
    .option("-c, --config <file>", "the site's settings", "site.yaml")
    .option("-o, --out <dir>", "output folder (default: dist beside site.yaml)")
    .option("--site-url <url>", "public address for canonical links (overrides siteUrl)", siteUrlOption)
    .addOption(new Option("--format <format>", "file (about.html) or directory (about/index.html)").choices(["file", "directory"]))
    .option("-q, --quiet", "print only errors")
    .option("--verbose", "print each stage with its time")
    .action(async (options: { config: string; out?: string; siteUrl?: string; format?: "file" | "directory"; quiet?: boolean; verbose?: boolean }) => {
      const log = createLogger({ level: levelOf(options) });
      try {
        const result = await build({
          config: options.config,
          out: options.out,
          siteUrl: options.siteUrl,
          format: options.format,
          onStage: (name, ms) => log.stage(name, ms),
        });
        for (const notice of result.notices) log.notice(notice);
        const pages = result.pages.length;
        const where = path.relative(process.cwd(), result.outDir) || ".";
        log.success(`Wrote ${pages} pages (${result.files.length} files, ${formatBytes(result.bytes)}) to ${where} in ${formatMs(result.ms)}`);
      } catch (error) {
        exitCode = reportFailure(error, log);
      }
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") return EXIT.ok;
      if (error.code === "commander.executeSubCommandAsync") return EXIT.failed;
      return EXIT.usage;
    }
    throw error;
  }
  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.usage;
  }
  return exitCode;
}
