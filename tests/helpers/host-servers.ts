import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPreviewServer } from "../../src/dev/preview-server.ts";
import { freePort } from "./free-port.ts";
import { runCli } from "./run-cli.ts";
import { removeDir } from "./sample-site.ts";

/** The servers a built site is tested through: gopher-site's preview, and nginx and Caddy with `host-config`. */
export const HOSTS = ["preview", "nginx", "caddy"] as const;
export type HostName = (typeof HOSTS)[number];

export interface RunningHost {
  name: HostName;
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

const BINARIES = {
  nginx: { env: "NGINX_PATH", paths: ["/usr/sbin/nginx", "/usr/bin/nginx"], install: "apt-get install -y nginx" },
  caddy: { env: "CADDY_PATH", paths: ["/usr/bin/caddy", "/usr/local/bin/caddy"], install: "apt-get install -y caddy" },
} as const;

/**
 * `NGINX_PATH`/`CADDY_PATH`, then the usual places, then PATH. Throws with the install command
 * when there is none: the tests fail, never skip, without the real server.
 */
function findServer(name: keyof typeof BINARIES): string {
  const { env, paths, install } = BINARIES[name];
  const fromEnv = process.env[env];
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`${env} is set to ${fromEnv}, but that is not an executable file.`);
  }
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, name));
  const found = [...paths, ...onPath].find(isExecutable);
  if (found) return found;
  throw new Error(`${name} is not installed, and the tests serve the site through the real ${name}: run \`${install}\` (as root), or set ${env} to its binary.`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Serves `dist` through the named server on a free loopback port, `host-config` given `extraArgs`; ready when it resolves. */
export async function startHost(name: HostName, dist: string, extraArgs: string[] = []): Promise<RunningHost> {
  if (name === "preview") {
    const server = await startPreviewServer({ out: dist, port: 0, host: "127.0.0.1" });
    return { name, url: server.url, close: () => server.close() };
  }
  const binary = findServer(name);
  // A port found free can be taken before the server binds it (other test runs share the machine): try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dir = await mkdtemp(path.join(tmpdir(), `gopher-${name}-`));
    const config = await runCli(["host-config", name, "--out", dist, "--listen", `127.0.0.1:${port}`, ...extraArgs]);
    if (config.code !== 0) throw new Error(`gopher-site host-config ${name} failed:\n${config.stderr}`);
    const child = name === "nginx" ? await runNginx(binary, dir, config.stdout) : await runCaddy(binary, dir, config.stdout);
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      await stopProcess(child.process);
      await removeDir(dir);
    };
    try {
      await untilAnswering(url, child);
      return { name, url, close: stop };
    } catch (error) {
      await stop();
      if (attempt < 3 && /address already in use/i.test(child.output())) continue;
      throw error;
    }
  }
}

interface ServerProcess {
  process: ChildProcess;
  output(): string;
}

/** nginx in the foreground with its own pid, temp and log paths, the generated server block inside http { }. */
async function runNginx(binary: string, dir: string, serverBlock: string): Promise<ServerProcess> {
  await writeFile(path.join(dir, "site.conf"), serverBlock);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `    ${kind}_temp_path ${path.join(dir, kind)};`);
  await writeFile(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      // One process as the user running the tests: no switch to `nobody`, who could not read a temp folder.
      "master_process off;",
      `pid ${path.join(dir, "nginx.pid")};`,
      "error_log stderr warn;",
      "events { worker_connections 256; }",
      "http {",
      "    access_log off;",
      ...temp,
      `    include ${path.join(dir, "site.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  return spawnServer(binary, ["-e", "stderr", "-p", dir, "-c", path.join(dir, "nginx.conf")], process.env);
}

/** `caddy run` with the generated site block imported, no admin endpoint, its files in `dir`. */
async function runCaddy(binary: string, dir: string, siteBlock: string): Promise<ServerProcess> {
  await writeFile(path.join(dir, "site.caddy"), siteBlock);
  await writeFile(path.join(dir, "Caddyfile"), `{\n\tadmin off\n}\n\nimport ${path.join(dir, "site.caddy")}\n`);
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, "config"), XDG_DATA_HOME: path.join(dir, "data") };
  return spawnServer(binary, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], env);
}

/**
 * Caddy run with a whole Caddyfile of the test's own (its global options too: ports, no admin
 * endpoint), its certificates and files in a temp folder removed by close(). Not waited for: the
 * test asks until it answers.
 */
export async function startCaddy(caddyfile: string): Promise<{ output(): string; exited(): boolean; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "gopher-caddy-"));
  await writeFile(path.join(dir, "Caddyfile"), caddyfile);
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, "config"), XDG_DATA_HOME: path.join(dir, "data") };
  const child = spawnServer(findServer("caddy"), ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], env);
  return {
    output: child.output,
    exited: () => child.process.exitCode !== null || child.process.signalCode !== null,
    close: async () => {
      await stopProcess(child.process);
      await removeDir(dir);
    },
  };
}

function spawnServer(binary: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(binary, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  child.on("error", (error) => (output += `\n${error.message}`));
  return { process: child, output: () => output };
}

/** Resolves once the server answers any request; rejects with its output if it exits or stays silent 15 s. */
async function untilAnswering(url: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) break;
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start at ${url}:\n${server.output()}`);
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: "HEAD", timeout: 1000 }, (response) => {
      response.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/** SIGTERM, then SIGKILL if it has not exited within 5 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
