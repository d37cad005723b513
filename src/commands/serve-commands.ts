import { existsSync } from "node:fs";
import path from "node:path";
import { startDevServer } from "../dev/dev-server.ts";
import { listen } from "../dev/listen.ts";
import { createStaticServer } from "../dev/static-server.ts";
import { UserError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { openBrowser } from "./open-browser.ts";

export interface ServeOptions {
  port: number;
  host: string;
  open?: boolean;
}

/** `gopher-site dev`: build, serve, watch and reload until Ctrl-C. */
export async function devCommand(options: ServeOptions & { config: string }, log: Logger): Promise<void> {
  const server = await startDevServer({ config: options.config, port: options.port, host: options.host, log });
  log.info(`Dev server at ${server.url} (Ctrl-C to stop)`);
  if (options.open) openBrowser(server.url);
  await untilInterrupted();
  await server.close();
  log.info("Stopped.");
}

/** `gopher-site preview`: serve an existing build exactly as a static host would. */
export async function previewCommand(options: ServeOptions & { out: string }, log: Logger): Promise<void> {
  const root = path.resolve(options.out);
  if (!existsSync(path.join(root, "index.html"))) {
    throw new UserError(`${options.out} has no built site (no index.html); run \`gopher-site build\` first`);
  }
  const server = createStaticServer({ root });
  const url = await listen(server, options.port, options.host);
  log.info(`Previewing ${options.out} at ${url} (Ctrl-C to stop)`);
  if (options.open) openBrowser(url);
  await untilInterrupted();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  log.info("Stopped.");
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
