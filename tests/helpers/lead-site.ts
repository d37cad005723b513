import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { copyFixture } from "./fixture-site.ts";
import { buildProject, editProjectFile } from "./sample-site.ts";

const BIN = path.resolve(import.meta.dirname, "../../bin/gopher-site.js");

/** A page the form helper's markup may not be in yet: serve fills in its stamp all the same. */
export const STAMP_PAGE = '<!doctype html><title>Form</title><form method="post" action="/api/lead"><input type="hidden" name="stamp" value=""></form>\n';

/**
 * A temp copy of the own-form fixture in its default language alone, taking its own quote form with
 * `leadsYaml`'s lines as site.yaml's `leads` (the last block of site.yaml, so a test may add lines to
 * it). Built into dist/ unless told not to.
 */
export async function copyLeadSite(leadsYaml: string, options: { build?: boolean } = {}): Promise<string> {
  const dir = await copyFixture("own-form", { oneLanguage: true });
  await editProjectFile(dir, "site.yaml", (text) => `${text.replace(/\n(?:#.*\n)*leads:\n(?: {2}.*\n)+/, "")}\nleads:\n${leadsYaml}`);
  if (options.build !== false) await buildProject(dir);
  return dir;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it is sent; with `login`, only to a client that
 * logs in with that user and password.
 */
export async function startMailbox(port = 0, login?: { user: string; pass: string }): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === login?.user && auth.password === login?.pass ? callback(null, { user: auth.username }) : callback(new Error("Invalid username or password")),
    onData(stream, _session, callback) {
      let text = "";
      stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      stream.on("end", () => {
        messages.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { port: (server.server.address() as AddressInfo).port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A loopback webhook that keeps each JSON body it is posted, and the request's headers at the same
 * index in `headers`, answering `status` (200 by default).
 */
export async function startWebhook(): Promise<{ url: string; bodies: Array<Record<string, string>>; headers: IncomingHttpHeaders[]; status: number; close(): Promise<void> }> {
  const hook = { url: "", bodies: [] as Array<Record<string, string>>, headers: [] as IncomingHttpHeaders[], status: 200, close: async () => {} };
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      if (hook.status < 300) {
        hook.bodies.push(JSON.parse(text) as Record<string, string>);
        hook.headers.push(request.headers);
      }
      response.writeHead(hook.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  hook.close = () => new Promise((resolve) => server.close(() => resolve()));
  return hook;
}

export interface ServeProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/** `gopher-site serve` in the project, as a process of its own; resolves once it listens. */
export async function startServe(dir: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1", GOPHER_SITE_TEST_LEAD_RETRY_MS: "200", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const found = /at (http:\/\/[^\s,]+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.on("exit", () => reject(new Error(`gopher-site serve exited:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Waits until `check` is true, polling; fails the test after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
