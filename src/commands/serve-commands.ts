import { startDevServer } from "../dev/dev-server.ts";
import { startPreviewServer } from "../dev/preview-server.ts";
import type { Logger } from "../log.ts";
import path from "node:path";
import { projectPaths } from "../paths.ts";
import { restoreInterruptedSwap } from "../write/swap.ts";
import { openBrowser } from "./open-browser.ts";
import type { MountContext } from "../leads/lead-server.ts";

export interface ServeOptions {
  port: number;
  host: string;
  open?: boolean;
}

/** `gopher-site dev`: build, serve, watch and reload until Ctrl-C. */
export async function devCommand(options: ServeOptions & { config: string }, log: Logger): Promise<void> {
  await restoreInterruptedSwap(path.join(projectPaths(options.config).root, "dist"));
  const server = await startDevServer({ config: options.config, port: options.port, host: options.host, log });
  log.info(`Dev server at ${server.url} (Ctrl-C to stop)`);
  if (options.open) openBrowser(server.url);
  await untilInterrupted();
  await server.close();
  log.info("Stopped.");
}

/** `gopher-site preview`: serve an existing build exactly as a static host would, with its `_headers`. */
export async function previewCommand(options: ServeOptions & { out: string }, log: Logger): Promise<void> {
  await restoreInterruptedSwap(options.out);
  const server = await startPreviewServer(options);
  log.info(`Previewing ${options.out} at ${server.url} (Ctrl-C to stop)`);
  if (options.open) openBrowser(server.url);
  await untilInterrupted();
  await server.close();
  log.info("Stopped.");
}

/** `gopher-site serve`: the built site, and the quote form's requests kept and delivered. */
export async function serveCommand(options: ServeOptions & { config: string; out?: string; leads?: string; trustProxy?: string[]; editor?: boolean; owners?: string }, log: Logger): Promise<void> {
  const { root } = projectPaths(options.config);
  const owners = options.owners ?? path.join(root, "owners");
  const out = options.out ?? path.join(root, "dist");
  const leads = options.leads ?? path.join(root, "leads");
  await restoreInterruptedSwap(out);
  const { startLeadServer } = await import("../leads/lead-server.ts");
  const { startOnlineEditor } = options.editor ? await import("../online/online-editor.ts") : { startOnlineEditor: undefined };
  const mount = startOnlineEditor && ((context: MountContext) => startOnlineEditor({ ...context, config: options.config, out, owners, leads, host: options.host, log }));
  const server = await startLeadServer({ config: options.config, out, leads, port: options.port, host: options.host, log, trustProxy: options.trustProxy, mount });
  log.info(`Serving ${out} at ${server.url}, requests kept in ${leads} (Ctrl-C to stop)`);
  if (options.editor) log.info(`The editor is at ${server.url}/__editor/ behind a sign-in (owners in ${owners}; over HTTPS only, except from this machine)`);
  if (options.open) openBrowser(server.url);
  await untilInterrupted();
  await server.close();
  log.info("Stopped.");
  // A send abandoned by the stop (a mail server that never answers) may still hold a socket until its
  // own timeout; what it was sending is in the leads folder, so the process ends without waiting for it.
  setTimeout(() => process.exit(), 500).unref();
}

function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** `gopher-site edit`: the dev server with the owner's editor beside the live preview, on this machine only. */
export async function editCommand(options: { config: string; port: number; open?: boolean }, log: Logger): Promise<void> {
  await restoreInterruptedSwap(path.join(projectPaths(options.config).root, "dist"));
  const { startEditor } = await import("../editor/editor-server.ts");
  const server = await startEditor({ config: options.config, port: options.port, log });
  log.info(`Editor at ${server.editorUrl} (only this computer can open it; Ctrl-C to stop)`);
  if (options.open) openBrowser(server.editorUrl);
  await untilInterrupted();
  await server.close();
  log.info("Stopped.");
}
