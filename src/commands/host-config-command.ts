import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.ts";
import { caddyConfig } from "../hosting/caddy-config.ts";
import { parseHeadersFile } from "../hosting/headers-file.ts";
import { checkedRoot, HIDDEN_PATHS, type Listen } from "../hosting/host-plan.ts";
import { readLanguageFolders } from "../hosting/not-found-pages.ts";
import { nginxConfig } from "../hosting/nginx-config.ts";
import { plainHttpRules } from "../hosting/plain-http.ts";
import type { Logger } from "../log.ts";
import { restoreInterruptedSwap } from "../write/swap.ts";

const HOST_SERVERS = { nginx: nginxConfig, caddy: caddyConfig } as const;
type HostServer = keyof typeof HOST_SERVERS;

export interface HostConfigOptions {
  server: HostServer;
  /** The built site, whose `_headers` the configuration is made from. */
  out: string;
  listen: Listen;
  /** Where the site is on the server, a POSIX absolute path used as written; the absolute path of `out` by default. */
  root?: string;
  /** Where `gopher-site serve` listens, for a site that takes its own quote form. */
  leadServer?: Listen;
}

/**
 * The configuration text for a built site: its `_headers`, read back, and its folders' 404 pages,
 * in the server's own terms. The block listens on plain HTTP, so its policy leaves out
 * `upgrade-insecure-requests` (plain-http.ts).
 */
async function hostConfigText(options: HostConfigOptions): Promise<string> {
  await restoreInterruptedSwap(options.out);
  const file = path.join(options.out, "_headers");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new UserError(`${options.out} has no built site (no _headers); run \`gopher-site build\` first`, { cause: error });
  }
  const root = checkedRoot(options.root ?? path.resolve(options.out));
  return HOST_SERVERS[options.server]({
    rules: plainHttpRules(parseHeadersFile(text, file)),
    headersFile: file,
    root,
    listen: options.listen,
    notFoundFolders: readLanguageFolders(options.out),
    hidden: HIDDEN_PATHS.filter((hidden) => existsSync(path.join(options.out, hidden))),
    leadServer: options.leadServer,
  });
}

/** `gopher-site host-config <nginx|caddy>`: print the configuration, ready to save and include. */
export async function hostConfigCommand(options: HostConfigOptions, _log: Logger, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  stdout.write(await hostConfigText(options));
}
