import { readFile } from "node:fs/promises";
import { request, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { git, GIT_ENV } from "./git-repos.ts";
import { copyLeadSite, startMailbox, startServe, type ServeProcess } from "./lead-site.ts";
import { runCli } from "./run-cli.ts";

export const OWNER = "owner@example.com";
/** More owners: a test signing in many times uses one of its own (links are limited per owner). */
export const OWNERS = [OWNER, "second@example.com", "third@example.com", "fourth@example.com"];

export interface OnlineSite {
  dir: string;
  serve: ServeProcess;
  mailbox: Awaited<ReturnType<typeof startMailbox>>;
  /** The served site, at localhost (a passkey's relying party must be a name, not an address). */
  url: string;
  /** The newest sign-in link e-mailed to `email`, waiting for it. */
  linkFor(email: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The own-form fixture as a real owner runs it on a server: a git repository, one owner added
 * with `gopher-site users add`, built, and `serve --editor` in a process of its own, e-mailing to a
 * real SMTP server on 127.0.0.1.
 */
export async function startOnlineSite(options: { args?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<OnlineSite> {
  const mailbox = await startMailbox();
  const dir = await copyLeadSite("  delivery: server\n  email: true\n");
  git(dir, "init", "-q", "-b", "main");
  await writeIgnore(dir);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "First version");
  for (const owner of OWNERS) {
    const added = await runCli(["users", "add", owner], { cwd: dir });
    if (added.code !== 0) throw new Error(`users add failed: ${added.stderr}`);
  }
  const serve = await startServe(dir, { ...GIT_ENV, GOPHER_SITE_SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, ...options.env }, ["--editor", ...(options.args ?? [])]);
  const url = serve.url.replace("127.0.0.1", "localhost");
  return {
    dir,
    serve,
    mailbox,
    url,
    async linkFor(email, after = 0) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const mail = mailbox.messages.slice(after).reverse().find((text) => text.includes(`To: ${email}`));
        const link = mail && /(http:\/\/\S+\/__editor\/login\/[A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ""))?.[1];
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`no sign-in link e-mailed to ${email}:\n${serve.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await serve.stop();
      await mailbox.close();
    },
  };
}

async function writeIgnore(dir: string): Promise<void> {
  const { writeFile } = await import("node:fs/promises");
  await writeFile(path.join(dir, ".gitignore"), "dist/\nleads/\nowners/\n");
}

/** The audit log's lines. */
export async function auditLines(dir: string): Promise<Array<{ who: string; what: string; from: string }>> {
  const text = await readFile(path.join(dir, "owners", "audit.jsonl"), "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

/**
 * GETs `url` as a browser's navigation does (Sec-Fetch-Mode: navigate; Node's fetch always says
 * cors, and the editor's page is sent to a navigation only): its status, headers and text.
 */
export function navigate(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-site": "none", ...headers } }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode!, headers: answer.headers, text }));
    })
      .on("error", reject)
      .end();
  });
}
