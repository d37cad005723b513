import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { build as bundle } from "esbuild";
import nodemailer from "nodemailer";
import { build } from "../build.ts";
import { startSiteWatcher } from "../dev/site-watcher.ts";
import { buildEditorApp } from "../editor/editor-app.ts";
import { editorBuilder, type SiteBuilder } from "../editor/editor-build.ts";
import { editorRoutes } from "../editor/editor-routes.ts";
import { tidyInterruptedSaves } from "../editor/save-file.ts";
import type { LiveAnswer, LiveSite } from "../editor/editor-versions.ts";
import { UserError } from "../errors.ts";
import { precompressed, type Compressible } from "../http/compress.ts";
import { allowedHosts } from "../http/request-guard.ts";
import type { MountContext, Mounted } from "../leads/lead-server.ts";
import type { Logger } from "../log.ts";
import { TOOL_ROOT, realProjectPaths } from "../paths.ts";
import { git } from "../git.ts";
import { VERSION_FILE } from "../plan/site-version.ts";
import { audit } from "./owner-files.ts";
import { openOwnerStore } from "./owner-store.ts";
import { escapeHtml, linkMail } from "./sign-in-pages.ts";
import { hideSignInToken, signInRoutes } from "./sign-in-routes.ts";

export interface OnlineEditorOptions extends MountContext {
  config: string;
  /** The folder serve serves: Publish builds the site into it. */
  out: string;
  /** Who may sign in (owners/ beside site.yaml by default). */
  owners: string;
  leads: string;
  /** The address serve listens on: a name given there is one the editor answers to. */
  host: string;
  log: Logger;
}

/** The API routes written to the audit log when they succeed: every change of the owner's. */
const AUDITED = new Set(["save", "publish", "undo", "settle", "upload", "requests/done", "requests/release"]);

/**
 * `serve --editor`: the owner's editor at /__editor/ beside the site, behind a sign-in
 * (sign-in-routes.ts). Saves are checked by a build of their own (the site watcher's, never
 * served), and Publish makes a version as on the computer, then builds the site into the folder
 * serve serves (the build's atomic swap): the change is live in seconds.
 */
export async function startOnlineEditor(options: OnlineEditorOptions): Promise<Mounted> {
  const { log, env } = options;
  const store = openOwnerStore(options.owners);
  const problems: string[] = [];
  if (store.owners().length === 0) problems.push(`--editor: nobody may sign in yet; add the owner first: gopher-site users add you@example.com`);
  if (!env.GOPHER_SITE_SMTP_URL) problems.push("--editor: GOPHER_SITE_SMTP_URL is not set: the editor e-mails sign-in links; set it to smtp://user:password@host:port");
  if (problems.length > 0) throw new UserError(problems.join("\n"));

  const paths = realProjectPaths(options.config);
  const settings = path.basename(paths.config);
  await tidyInterruptedSaves(paths.root, settings, log);
  const siteName = options.site.company.name;
  const transport = nodemailer.createTransport({ url: env.GOPHER_SITE_SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 });
  const from = env.GOPHER_SITE_SMTP_FROM || options.site.email;
  const sendLink = async (email: string, url: string) => {
    const mail = linkMail(siteName, url);
    await transport.sendMail({ from, to: email, subject: mail.subject, text: mail.text });
  };
  // The editor answers at the site's own address (and its www. twin), and at this machine's names.
  const siteUrl = new URL(options.site.siteUrl);
  const siteHost = siteUrl.hostname.toLowerCase();
  const local = allowedHosts(options.host);
  const hostAllowed = (hostname: string) => local.includes(hostname) || hostname === siteHost || hostname === `www.${siteHost}` || `www.${hostname}` === siteHost;
  const signIn = signInRoutes({ store, siteName, sendLink, trusted: options.trusted, hostAllowed, siteUrl, addressOf: options.addressOf, scripts: await signInScripts(), log });

  // Saves are checked by the site watcher's builds (in a folder of its own, never served). Its first
  // build (seconds, for a large site) is not waited for: the site is served at once, and a save
  // made before it is done waits for it.
  const watching = startSiteWatcher({ config: options.config, log: checksLog(log) });
  watching.catch((error: unknown) => log.error(`The editor cannot check saves: ${(error as Error).message}`));
  let ready: SiteBuilder | undefined;
  const checking = watching.then((watcher) => (ready = editorBuilder(watcher, paths.root, log)));
  // Refused, it is said above; a save then answers with the reason.
  checking.catch(() => {});
  const builder: SiteBuilder = {
    buildWith: async (texts, commit, built) => (await checking).buildWith(texts, commit, built),
    // Called while a save writes, so after its build: the watcher is there.
    expectWrite: (file, modified) => ready?.expectWrite(file, modified),
  };
  let live = await liveNow(paths.root, options.out);
  const liveSite: LiveSite = {
    async afterPublish() {
      const started = performance.now();
      try {
        await build({ config: options.config, out: options.out, writeVersion: true });
      } catch (error) {
        log.error(`Published, but the site could not be built into ${options.out}: ${(error as Error).message}`);
        return [`Not live yet: the site could not be built on the server (${(error as Error).message}). The version is saved; Publish again once it is fixed.`];
      }
      live = await liveNow(paths.root, options.out);
      // The form's server reads the published site.yaml again: its e-mails go to the new address.
      const restart = await options.siteChanged().catch((error: unknown) => [`The quote form still uses the site's settings of before (${(error as Error).message}); restart serve to apply them.`]);
      log.success(`Live: ${"message" in live ? live.message : "the site"} (built in ${Math.round(performance.now() - started)} ms)`);
      return ["Live on this server now.", ...restart];
    },
    state: async () => live,
  };
  const { routes, api } = editorRoutes({
    root: paths.root,
    settings,
    builder: () => builder,
    app: await buildEditorApp(),
    gate: signIn.gate,
    live: liveSite,
    leads: options.leads,
    answered: (route, request, status, who) => {
      if (status >= 400 || !AUDITED.has(route) || !who) return;
      audit(options.owners, { who, from: options.addressOf(request), what: route }).catch((error: unknown) => log.error(`the audit log could not be written: ${(error as Error).message}`));
    },
    pageExtras: ({ who, signedInBy }) =>
      [
        `<meta name="editor-mode" content="online">`,
        `<meta name="editor-owner" content="${escapeHtml(who ?? "")}">`,
        `<meta name="editor-signed-in-by" content="${signedInBy ?? "link"}">`,
        `<script type="module" src="/__editor/account.js"></script>`,
        "",
      ].join("\n"),
  });
  return {
    routes: [...signIn.routes, ...routes],
    // A sign-in link's token never reaches the log.
    redact: hideSignInToken,
    async close() {
      await (await watching.catch(() => undefined))?.close();
      await api.close();
      transport.close();
    },
  };
}

/**
 * What is live: the version the served folder was built from, as its build wrote it
 * (/.well-known/gopher-site.json), with that version's message, since the build. A folder built
 * from files not all committed names no version: live, its time only.
 */
async function liveNow(root: string, out: string): Promise<LiveAnswer> {
  const built = await stat(path.join(out, "index.html")).catch(() => undefined);
  if (!built) return { state: "unknown", reason: "Nothing is built here yet: Publish builds the site." };
  const written = await readFile(path.join(out, VERSION_FILE), "utf8").then((text) => (JSON.parse(text) as { version?: unknown }).version)
    .catch(() => undefined);
  const version = typeof written === "string" && /^[0-9a-f]{40,64}$/.test(written) ? written : undefined;
  const head = version ? await git(root, "log", "-1", "--format=%h%x00%s", version).catch(() => "") : "";
  const [short, message] = head.trim().split("\0");
  return { state: "live", since: built.mtime.toISOString(), ...(short && message !== undefined ? { version: short, message } : {}) };
}

/** The sign-in page's and the account bar's scripts, bundled once at start (the passkey library with them). */
async function signInScripts(): Promise<Map<string, Compressible & { type: string }>> {
  const result = await bundle({
    entryPoints: { "sign-in": path.join(TOOL_ROOT, "src", "online", "app", "sign-in.ts"), account: path.join(TOOL_ROOT, "src", "online", "app", "account.ts") },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    outdir: "/online",
    logLevel: "silent",
  });
  return new Map(result.outputFiles.map((file) => [path.basename(file.path), { type: "text/javascript; charset=utf-8", ...precompressed(file.contents) }]));
}

/**
 * The site watcher's lines in serve's log, told apart from the live site's: its builds only check
 * the editor's saves. The build's notices (a town without a page) are the owner's, in the editor.
 */
function checksLog(log: Logger): Logger {
  const tagged = (message: string) => `editor: ${message}`;
  return {
    ...log,
    info: (message) => log.info(tagged(message)),
    notice: () => {},
    warn: (message) => log.warn(tagged(message)),
    error: (message) => log.error(tagged(message)),
    success: (message) => log.success(tagged(message)),
  };
}
