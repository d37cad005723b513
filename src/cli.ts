import { readFileSync } from "node:fs";
import path from "node:path";
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { describeFailure } from "./errors.ts";
import { parseListen, type Listen } from "./hosting/host-plan.ts";
import { createLogger, type Logger, type LogLevel } from "./log.ts";
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

function portOption(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("must be a port number from 0 to 65535");
  return port;
}

function countOption(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new InvalidArgumentError("must be a whole number from 1 up");
  return count;
}

function listenOption(value: string): Listen {
  const listen = parseListen(value);
  if (!listen) throw new InvalidArgumentError("must be a port from 1 to 65535, or an address and port such as 127.0.0.1:8080");
  return listen;
}

// Commands are imported when run: `build` never loads the dev server's watcher, and so on.
type DevOptions = import("./commands/serve-commands.ts").ServeOptions & { config: string };
type EditOptions = { config: string; port: number; open?: boolean };
type PreviewOptions = import("./commands/serve-commands.ts").ServeOptions & { out: string };
type ServeCommandOptions = PreviewOptions & { config: string; out?: string; leads?: string; trustProxy?: string[]; editor?: boolean; owners?: string };
type HostConfigOptions = import("./commands/host-config-command.ts").HostConfigOptions;

interface OutputFlags {
  quiet?: boolean;
  verbose?: boolean;
}

function loggerFor(flags: OutputFlags): Logger {
  const level: LogLevel = flags.quiet ? "quiet" : flags.verbose ? "verbose" : "normal";
  return createLogger({ level });
}

/** Prints a failure: the user's mistakes as located lines, anything else as a bug with its stack. */
export function reportFailure(error: unknown, log: Logger): number {
  const { lines, kind } = describeFailure(error);
  if (kind === "bug") log.error("gopher-site hit an internal error (a bug, not your input):");
  for (const line of lines) log.error(kind === "bug" ? line.replace(/^internal error: /, "") : line);
  if (kind === "site") {
    const count = lines.length;
    log.error(`\n${count} problem${count === 1 ? "" : "s"} found; nothing was written.`);
  } else if (kind === "template") {
    const cause = (error as Error).cause;
    if (log.level === "verbose" && cause instanceof Error) log.error(cause.stack ?? String(cause));
    log.error("The build failed; the previous output was left as it was.");
  }
  return EXIT.failed;
}

/** Parses argv, runs the command, returns the exit code. The only place that sets exit codes. */
/**
 * A reader that stops early (`gopher-site init | head -3`) closes the pipe: what is left to print
 * goes nowhere, and the command still finishes its work (a build half done is worse than a line
 * unread). Without a listener, Node throws EPIPE as an uncaught stack trace.
 */
function ignoreClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
}

export async function main(argv: string[]): Promise<number> {
  ignoreClosedPipes();
  let exitCode: number = EXIT.ok;
  const run = <T,>(action: (options: T, log: Logger) => Promise<void>) => async (options: T & OutputFlags) => {
    const log = loggerFor(options);
    try {
      await action(options, log);
    } catch (error) {
      exitCode = reportFailure(error, log);
    }
  };
  const withOutputFlags = (command: Command) =>
    command.option("-q, --quiet", "print only errors").option("--verbose", "print more detail, and stack traces of template errors");
  const withServerFlags = (command: Command, port: number) =>
    command
      .option("-p, --port <port>", "port to listen on", portOption, port)
      .option("--host <host>", "address to listen on, and the one name besides loopback the server answers to (0.0.0.0: every address of this machine)", "127.0.0.1")
      .option("--open", "open the site in the browser");

  const program = new Command()
    .name("gopher-site")
    .description("Build a local service company's static website from site.yaml and content/.")
    .version(version(), "-v, --version")
    .exitOverride()
    // Options after a subcommand are its own (`leads release ID --leads DIR`), not its parent's.
    .enablePositionalOptions()
    .showHelpAfterError("(run with --help for usage)");

  withOutputFlags(
    program
      .command("build")
      .description("build the site into the output folder (replaced only when everything succeeded)")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("-o, --out <dir>", "output folder (default: dist beside site.yaml)")
      .option("--empty-out-dir", "replace the output folder even when it holds files gopher-site did not write")
      .option("--site-url <url>", "public address for canonical links (overrides siteUrl)", siteUrlOption)
      .addOption(new Option("--format <format>", "file (about.html) or directory (about/index.html)").choices(["file", "directory"])),
  ).action(run(async (options: import("./commands/build-command.ts").BuildCommandOptions, log) => (await import("./commands/build-command.ts")).buildCommand(options, log)));

  withOutputFlags(
    withServerFlags(
      program
        .command("dev")
        .description("build, serve and rebuild on every save, reloading open pages")
        .option("-c, --config <file>", "the site's settings", "site.yaml"),
      4321,
    ),
  ).action(run(async (options: DevOptions, log) => (await import("./commands/serve-commands.ts")).devCommand(options, log)));

  withOutputFlags(
    program
      .command("edit")
      .description("edit the site in the browser, beside its live preview (this computer only)")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("-p, --port <port>", "port to listen on", portOption, 4323)
      .option("--open", "open the editor in the browser"),
  ).action(run(async (options: EditOptions, log) => (await import("./commands/serve-commands.ts")).editCommand(options, log)));

  withOutputFlags(
    withServerFlags(
      program
        .command("preview")
        .description("serve a built site like a static host (clean URLs, 404.html with status 404)")
        .option("-o, --out <dir>", "the built site", "dist"),
      4322,
    ),
  ).action(run(async (options: PreviewOptions, log) => (await import("./commands/serve-commands.ts")).previewCommand(options, log)));

  // Not withServerFlags: serve is the site itself, so it answers any Host (no guard to name one for).
  withOutputFlags(
    program
      .command("serve")
      .description("serve the built site and take its quote form's requests (kept in the leads folder, then e-mailed and/or posted to the webhook)")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("-o, --out <dir>", "the built site (default: dist beside site.yaml)")
      .option("--leads <dir>", "where the requests are kept (default: leads beside site.yaml)")
      .option("--trust-proxy <addresses>", "the proxies whose X-Real-IP / X-Forwarded-For name the visitor, comma-separated addresses or ranges (default: loopback)", (value: string) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
      .option("-p, --port <port>", "port to listen on", portOption, 8788)
      .option("--host <host>", "address to listen on (0.0.0.0: every address of this machine)", "127.0.0.1")
      .option("--editor", "serve the owner's editor at /__editor/ too, behind a sign-in (owners: gopher-site users add; links by e-mail: GOPHER_SITE_SMTP_URL); Publish puts the site live here")
      .option("--owners <dir>", "who may sign in to the editor, and their sessions (default: owners beside site.yaml)")
      .option("--open", "open the site in the browser"),
  ).action(run(async (options: ServeCommandOptions, log) => (await import("./commands/serve-commands.ts")).serveCommand(options, log)));

  type UsersOptions = import("./commands/users-command.ts").UsersOptions;
  const users = program.command("users").description("who may sign in to the editor that serve --editor serves (kept in owners/ beside site.yaml)");
  const usersCommand = (name: string, description: string) =>
    withOutputFlags(
      users
        .command(name)
        .description(description)
        .option("-c, --config <file>", "the site's settings", "site.yaml")
        .option("--owners <dir>", "the owners folder (default: owners beside site.yaml)"),
    );
  usersCommand("add", "let an owner sign in: a link is e-mailed to this address, then a passkey")
    .argument("<email>", "the owner's e-mail address")
    .action((email: string, options: UsersOptions) => run(async (all: UsersOptions & { email: string }, log) => (await import("./commands/users-command.ts")).addUser(all, log))({ ...options, email }));
  usersCommand("remove", "end an owner's access: their sessions end and their passkeys no longer sign in")
    .argument("<email>", "the owner's e-mail address")
    .action((email: string, options: UsersOptions) => run(async (all: UsersOptions & { email: string }, log) => (await import("./commands/users-command.ts")).removeUser(all, log))({ ...options, email }));
  usersCommand("list", "the owners, with their passkeys and sessions").action(run(async (options: UsersOptions, log) => (await import("./commands/users-command.ts")).listUsers(options, log)));
  usersCommand("sessions", "the signed-in browsers: who, since when, from where")
    .option("--end <email>", "sign this owner out everywhere (all: everyone)")
    .action(run(async (options: UsersOptions & { end?: string }, log) => (await import("./commands/users-command.ts")).userSessions(options, log)));

  const leads = withOutputFlags(
    program
      .command("leads")
      .description("list the quote requests serve took, newest first: when, name, phone, town, service, and whether each was delivered")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("--leads <dir>", "where the requests are kept (default: leads beside site.yaml)")
      .option("--held", "list the posts held as robots' instead (kept 30 days)"),
  ).action(run(async (options: import("./commands/leads-command.ts").LeadsCommandOptions, log) => (await import("./commands/leads-command.ts")).leadsCommand(options, log)));
  withOutputFlags(
    leads
      .command("release")
      .description("deliver a request held as a robot's by mistake")
      .argument("<id>", "the request's id (or its start), as leads --held lists it")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("--leads <dir>", "where the requests are kept (default: leads beside site.yaml)"),
  ).action((id: string, options: import("./commands/leads-command.ts").LeadsCommandOptions) =>
    run(async (all: import("./commands/leads-command.ts").LeadsCommandOptions & { id: string }, log) => (await import("./commands/leads-command.ts")).releaseCommand(all, log))({ ...options, id }),
  );

  const hostConfig = withOutputFlags(
    program
      .command("host-config")
      .description("print an nginx or Caddy configuration that serves the built site like Netlify does, with its _headers; or the systemd unit that runs serve --editor")
      .addArgument(new Argument("<server>", "the web server, or systemd").choices(["nginx", "caddy", "systemd"]))
      .option("-o, --out <dir>", "the built site", "dist")
      .addOption(new Option("--listen <port>", "port, or address:port, to listen on").argParser(listenOption).default({ port: 8080 }, "8080"))
      .option("--root <dir>", "the site's folder on the server, as written, starting with / (default: the absolute path of --out)")
      .addOption(new Option("--lead-server <port>", "where gopher-site serve listens (port, or address:port): the quote form's requests and the pages go to it").argParser(listenOption))
      .option("--editor", "caddy: the site's domain over HTTPS (automatic certificate), the owner's editor at /__editor/ sent to serve --editor at --lead-server")
      .option("--domain <name>", "caddy --editor: the site's domain (default: site.yaml's siteUrl)")
      .option("-c, --config <file>", "the site's settings (caddy --editor's domain; systemd's project folder)", "site.yaml")
      .option("--user <name>", "systemd: the dedicated user serve runs as (default: gopher-site)")
      .option("--port <port>", "systemd: the port serve listens on, on 127.0.0.1 (default: 8788)", portOption)
      .option("--node <path>", "systemd: the node binary (default: the one running this command)"),
  );
  hostConfig.action((server: HostConfigOptions["server"], options: Omit<HostConfigOptions, "server">) =>
    run(async (all: HostConfigOptions, log) => (await import("./commands/host-config-command.ts")).hostConfigCommand(all, log))({ ...options, server }),
  );

  withOutputFlags(
    program
      .command("check")
      .description("validate everything, render in memory and check every link; writes nothing")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("--site-url <url>", "public address for canonical links", siteUrlOption)
      .option("--strict", "treat warnings as errors"),
  ).action(run(async (options: import("./commands/check-command.ts").CheckCommandOptions, log) => (await import("./commands/check-command.ts")).checkCommand(options, log)));

  withOutputFlags(
    program
      .command("profile")
      .description("print the company's facts as Google's Business Profile asks for them (name, address, phone, website, hours, areas), to compare or paste")
      .option("-c, --config <file>", "the site's settings", "site.yaml"),
  ).action(run(async (options: import("./commands/profile-command.ts").ProfileCommandOptions, log) => (await import("./commands/profile-command.ts")).profileCommand(options, log)));

  withOutputFlags(
    program
      .command("schema")
      .description("write the JSON Schema of site.yaml for editor completion and checks")
      .option("-o, --out <file>", "where to write it", "site.schema.json"),
  ).action(run(async (options: { out: string }, log) => (await import("./commands/schema-command.ts")).schemaCommand(options, log)));

  withOutputFlags(
    program
      .command("init")
      .description("start a new site: asks for your company's facts (or takes them as flags) and writes site.yaml, content/ and public/")
      .argument("[folder]", "where to start it (made if missing; default: this folder)")
      .option("--company <name>", "the company's name")
      .option("--service <words>", 'a service in a few words, e.g. "pool cleaning"; once for each service', (words: string, earlier: string[] = []) => [...earlier, words])
      .option("--phone <number>", "the phone number customers call")
      .option("--email <address>", "the e-mail address customers write to")
      .option("--zip <code>", "the ZIP code of the town you work from")
      .option("--street <address>", 'the street address, if customers may come to you, e.g. "1200 Main St, Suite 4"')
      .option("--host <host>", "where the site will be published: github-pages, netlify, cloudflare or server (writes its workflow or settings)")
      .option("--hours <hours>", 'office hours in schema.org\'s short form, e.g. "Mo-Fr 07:00-18:00, Sa 08:00-14:00"')
      .option("-y, --yes", "never ask: every answer must be given as a flag"),
  ).action((folder: string | undefined, options: import("./commands/init-command.ts").InitCommandOptions) =>
    run(async (all: import("./commands/init-command.ts").InitCommandOptions, log) => (await import("./commands/init-command.ts")).initCommand(all, log))({ ...options, folder }),
  );

  type VersionCommands = typeof import("./commands/version-commands.ts");
  const versionCommands = (): Promise<VersionCommands> => import("./commands/version-commands.ts");
  withOutputFlags(
    program
      .command("publish")
      .description("check the site, save its changed files (site.yaml, content/, public/) as a version and push it to the branch's upstream")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("-m, --message <words>", "the version's message (default: its changes in words)"),
  ).action(run(async (options: import("./commands/version-commands.ts").PublishCommandOptions, log) => (await versionCommands()).publishCommand(options, log)));

  withOutputFlags(
    program
      .command("history")
      .description("list the site's versions, newest first: id, date and the change in words")
      .option("-c, --config <file>", "the site's settings", "site.yaml")
      .option("-n, --limit <count>", "list only the newest ones", countOption),
  ).action(run(async (options: { config: string; limit?: number }, log) => (await versionCommands()).historyCommand(options, log)));

  withOutputFlags(
    program
      .command("undo")
      .description("revert one version's change as a new version (the site is built first; nothing changes if it would not build)")
      .argument("<id>", "the version's id, as history lists it")
      .option("-c, --config <file>", "the site's settings", "site.yaml"),
  ).action((id: string, options: { config: string }) => run(async (all: { config: string; id: string }, log) => (await versionCommands()).undoCommand(all, log))({ ...options, id }));

  if (argv.length === 0) {
    program.outputHelp();
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") return EXIT.ok;
      return EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}
