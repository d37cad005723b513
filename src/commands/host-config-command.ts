import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import { UserError } from "../errors.ts";
import { caddyConfig } from "../hosting/caddy-config.ts";
import { parseHeadersFile } from "../hosting/headers-file.ts";
import { checkedRoot, HIDDEN_PATHS, isExampleDomain, parseDomain, type EditorSite, type Listen } from "../hosting/host-plan.ts";
import { readLanguageFolders } from "../hosting/not-found-pages.ts";
import { nginxConfig } from "../hosting/nginx-config.ts";
import { plainHttpRules } from "../hosting/plain-http.ts";
import { systemdUnit } from "../hosting/systemd-unit.ts";
import type { Logger } from "../log.ts";
import { displayPath, projectPaths, TOOL_ROOT } from "../paths.ts";
import { restoreInterruptedSwap } from "../write/swap.ts";

const HOST_SERVERS = { nginx: nginxConfig, caddy: caddyConfig } as const;
type HostServer = keyof typeof HOST_SERVERS;

export interface HostConfigOptions {
  server: HostServer | "systemd";
  /** The built site, whose `_headers` the configuration is made from. */
  out: string;
  listen: Listen;
  /** Where the site is on the server, a POSIX absolute path used as written; the absolute path of `out` by default. */
  root?: string;
  /** Where `gopher-site serve` listens, for a site that takes its own quote form. */
  leadServer?: Listen;
  /** Caddy only: the block is for the site's domain over HTTPS, the owner's editor sent to `serve --editor` at leadServer. */
  editor?: boolean;
  /** The domain for `editor`: site.yaml's siteUrl's by default. */
  domain?: string;
  /** site.yaml, whose siteUrl names the domain, and whose folder systemd's unit runs serve in. */
  config?: string;
  /** systemd: the user serve runs as, its port and the node binary. */
  user?: string;
  port?: number;
  node?: string;
}

/**
 * The configuration text for a built site: its `_headers`, read back, and its folders' 404 pages,
 * in the server's own terms. The block listens on plain HTTP, so its policy leaves out
 * `upgrade-insecure-requests` (plain-http.ts), except Caddy's `--editor` block, which serves the
 * domain over HTTPS only.
 */
async function hostConfigText(options: HostConfigOptions & { server: HostServer }, log: Logger): Promise<string> {
  const editor = options.editor ? await editorSite(options, log) : undefined;
  await restoreInterruptedSwap(options.out);
  const file = path.join(options.out, "_headers");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new UserError(`${options.out} has no built site (no _headers); run \`gopher-site build\` first`, { cause: error });
  }
  const root = checkedRoot(options.root ?? path.resolve(options.out));
  const rules = parseHeadersFile(text, file);
  return HOST_SERVERS[options.server]({
    // Served over HTTPS only, the site keeps upgrade-insecure-requests, as on Netlify.
    rules: editor ? rules : plainHttpRules(rules),
    headersFile: file,
    root,
    listen: options.listen,
    notFoundFolders: readLanguageFolders(options.out),
    hidden: HIDDEN_PATHS.filter((hidden) => existsSync(path.join(options.out, hidden))),
    leadServer: options.leadServer,
    editor,
  });
}

/**
 * Where the site and its editor are, for `caddy --editor`: the domain (--domain, or site.yaml's
 * siteUrl unless it is still an example address) and serve's address. Refused for nginx and without
 * --lead-server, before anything is read. The editor answers only at siteUrl's host (or its www.
 * twin): a --domain that is neither is warned of.
 */
async function editorSite(options: HostConfigOptions, log: Logger): Promise<EditorSite> {
  if (options.server !== "caddy") {
    throw new UserError(`--editor is for caddy, which gets the domain's certificate and renews it itself: gopher-site host-config caddy --editor --lead-server 127.0.0.1:8788`);
  }
  if (!options.leadServer) {
    throw new UserError("--editor needs --lead-server, where gopher-site serve --editor listens (for example --lead-server 127.0.0.1:8788): the editor, the quote form's requests and the pages go to it");
  }
  const paths = projectPaths(options.config ?? "site.yaml");
  const shown = displayPath(process.cwd(), paths.config);
  const siteUrl = () => loadConfig({ path: paths.config, displayPath: shown }).then(({ site }) => site.siteUrl);
  if (options.domain !== undefined) {
    const domain = parseDomain(options.domain);
    if (!domain) throw new UserError(`--domain ${JSON.stringify(options.domain)} is not a domain name; give it as www.example.com`);
    const written = await siteUrl().catch(() => undefined);
    if (written !== undefined && !sameSite(domain, new URL(written).hostname)) {
      log.warn(`--domain ${domain} is not ${shown}'s siteUrl (${written}), and the editor answers only at that address (or its www. twin): set siteUrl to https://${domain}`);
    }
    return { domain, server: options.leadServer };
  }
  const written = await siteUrl();
  const domain = parseDomain(written)!;
  if (isExampleDomain(domain)) {
    throw new UserError(`${shown}  siteUrl  ${written} is an example address, for which no certificate can be had: set siteUrl to the site's address (https://www.your-company.com), or pass --domain`);
  }
  return { domain, server: options.leadServer };
}

/** Whether a domain (perhaps with a port) is the host name of siteUrl, or its www. twin, as the editor takes it. */
function sameSite(domain: string, siteHost: string): boolean {
  const host = domain.replace(/:\d+$/, "");
  return host === siteHost || host === `www.${siteHost}` || `www.${host}` === siteHost;
}

/**
 * The systemd unit for `serve --editor` in the project of `options.config`, run by `options.node`
 * (this node by default) with this gopher-site.
 */
function systemdText(options: HostConfigOptions): string {
  const paths = projectPaths(options.config ?? "site.yaml");
  const name = path.basename(paths.config);
  return systemdUnit({
    project: paths.root,
    config: name === "site.yaml" ? undefined : name,
    user: options.user ?? "gopher-site",
    port: options.port ?? 8788,
    node: options.node ?? process.execPath,
    script: path.join(TOOL_ROOT, "bin", "gopher-site.js"),
    environmentFile: "/etc/gopher-site.env",
  });
}

/** `gopher-site host-config <nginx|caddy|systemd>`: print the configuration, ready to save and include. */
export async function hostConfigCommand(options: HostConfigOptions, log: Logger, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { server } = options;
  stdout.write(server === "systemd" ? systemdText(options) : await hostConfigText({ ...options, server }, log));
}
