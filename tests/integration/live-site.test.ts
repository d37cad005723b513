import { execFileSync } from "node:child_process";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_VERSION_MS, liveState, MAX_ANSWER_BYTES } from "../../src/publish/live-site.ts";
import { addBareRemote, git, GIT_ENV } from "../helpers/git-repos.ts";
import { REPO_ROOT } from "../helpers/sample-site.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folders = temporaryFolders("gopher-site-live-");

/** A host on 127.0.0.1 whose answers each test sets; it counts the requests it was sent. */
interface Host {
  url: string;
  requests: string[];
  answer: (request: IncomingMessage, response: ServerResponse) => void;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function startHost(): Promise<Host> {
  const host: Host = { url: "", requests: [], answer: (_request, response) => response.writeHead(404).end() };
  const server = createServer((request, response) => {
    host.requests.push(request.url ?? "");
    host.answer(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}

/** The host answers the version file with `version` (as the build writes it). */
function serving(version: string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith("/.well-known/gopher-site.json")) response.writeHead(200, { "content-type": "application/json" }).end(`${JSON.stringify({ version, published: "2026-01-01T00:00:00Z" })}\n`);
    else response.writeHead(404).end();
  };
}

/** A site's repository (the sample's site.yaml) with its first version, not pushed. */
async function siteRepository(): Promise<{ dir: string; first: string }> {
  const dir = path.join(folders(), "site");
  git(path.dirname(dir), "init", "-q", "-b", "main", dir);
  await copyFile(path.join(REPO_ROOT, "site.yaml"), path.join(dir, "site.yaml"));
  return { dir, first: await commit(dir, "Site started") };
}

/** The same, its version pushed to a bare remote the branch tracks. */
async function siteWithRemote(): Promise<{ dir: string; first: string }> {
  const site = await siteRepository();
  addBareRemote(site.dir);
  return site;
}

/** A new version (a change to notes.txt); `committed` dates it, for a test that needs an old one. */
async function commit(dir: string, message: string, committed?: string): Promise<string> {
  await writeFile(path.join(dir, "notes.txt"), `${message}\n`);
  git(dir, "add", "-A");
  execFileSync("git", ["commit", "-q", "-m", message], { cwd: dir, env: { ...process.env, ...GIT_ENV, ...(committed ? { GIT_COMMITTER_DATE: committed } : {}) } });
  return git(dir, "rev-parse", "HEAD").trim();
}

const config = (dir: string) => path.join(dir, "site.yaml");

describe("liveState: the version pushed against the live site's", () => {
  it("is building while the live site has an earlier version, then live once it has the pushed one or a later one", async () => {
    const { dir, first } = await siteWithRemote();
    const host = await startHost();
    host.answer = serving(first);
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "live", version: first, message: "Site started" });

    const second = await commit(dir, "Phone number changed");
    git(dir, "push", "-q");
    const since = git(dir, "log", "-1", "--format=%cI", second).trim();
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({ state: "building", version: second, message: "Phone number changed", liveVersion: first, since });

    host.answer = serving(second);
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({ state: "live", version: second, message: "Phone number changed", since });

    // A later version on the live site (pushed from elsewhere, fetched here) holds the one pushed.
    const third = await commit(dir, "Hours changed");
    host.answer = serving(third);
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "live", version: second });
    // The host was asked for the file, past any CDN's copy, and nothing else.
    expect(host.requests.every((url) => /^\/\.well-known\/gopher-site\.json\?now=\d+$/.test(url))).toBe(true);
  });

  it("is building while the live site answers without the file, for half an hour after the push", async () => {
    const { dir, first } = await siteWithRemote();
    const host = await startHost();
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "building", version: first, message: "Site started" });
    await commit(dir, "Old change", new Date(Date.now() - FIRST_VERSION_MS - 60_000).toISOString());
    git(dir, "push", "-q");
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({
      state: "unknown",
      reason: "the live site has no .well-known/gopher-site.json half an hour after the push: its host may not build with gopher-site build, or its last build failed (its deploys say)",
    });
  });

  it("asks the address in site.yaml's siteUrl, with no cache and no redirect followed by fetch itself", async () => {
    const { dir } = await siteWithRemote();
    const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
    const stub: typeof fetch = async (input, init) => {
      asked.push({ url: String(input), init });
      return new Response("not found", { status: 404 });
    };
    // The fixture's address is an example one: never asked.
    expect(await liveState(config(dir), { fetch: stub })).toEqual({ state: "unknown", reason: "site.yaml's siteUrl (https://www.gopherguard.example.com) is an example address; put the site's own address there" });
    expect(asked).toHaveLength(0);
    // The stub answers: nothing leaves this machine.
    await writeFile(config(dir), (await readFile(config(dir), "utf8")).replace("https://www.gopherguard.example.com", "https://www.gopherguard-trapping.com"));
    expect(await liveState(config(dir), { fetch: stub })).toMatchObject({ state: "building" });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toMatch(/^https:\/\/www\.gopherguard-trapping\.com\/\.well-known\/gopher-site\.json\?now=\d+$/);
    expect(asked[0]!.init).toMatchObject({ redirect: "manual", cache: "no-store" });
  });
});

describe("liveState: what it cannot tell", () => {
  it("says unknown, never throws, when the live site cannot be reached or does not answer in time", async () => {
    const { dir } = await siteWithRemote();
    const closed = await startHost();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const unreachable = await liveState(config(dir), { siteUrl: closed.url });
    expect(unreachable).toEqual({ state: "unknown", reason: `the live site at ${closed.url} could not be reached (ECONNREFUSED)` });

    const silent = await startHost();
    silent.answer = () => {};
    const started = Date.now();
    expect(await liveState(config(dir), { siteUrl: silent.url, timeoutMs: 300 })).toEqual({ state: "unknown", reason: `the live site at ${silent.url} did not answer within 0.3 s` });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("does not follow a redirect to another host; follows one on the site", async () => {
    const { dir, first } = await siteWithRemote();
    const elsewhere = await startHost();
    elsewhere.answer = serving(first);
    const host = await startHost();
    const otherHost = elsewhere.url.replace("127.0.0.1", "localhost");
    host.answer = (request, response) => response.writeHead(302, { location: `${otherHost}/.well-known/gopher-site.json` }).end();
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({
      state: "unknown",
      reason: `the live site sends .well-known/gopher-site.json on to ${otherHost}, which is not followed: is site.yaml's siteUrl (${host.url}) the address the site is served at?`,
    });
    expect(elsewhere.requests).toEqual([]);

    host.answer = (request, response) => {
      if (request.url?.startsWith("/.well-known/")) response.writeHead(301, { location: "/moved/version.json" }).end();
      else serving(first)({ url: "/.well-known/gopher-site.json" } as IncomingMessage, response);
    };
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "live", version: first });
  });

  it("reads at most 4 KB of the answer: a huge one is cut off, unread", async () => {
    const { dir } = await siteWithRemote();
    const host = await startHost();
    const total = 256 * 1024 * 1024;
    let sent = 0;
    let closed = false;
    host.answer = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.on("close", () => (closed = true));
      const chunk = Buffer.alloc(64 * 1024, "a");
      const more = () => {
        while (!closed && sent < total) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end();
      };
      more();
    };
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({
      state: "unknown",
      reason: `the live site's .well-known/gopher-site.json is longer than ${MAX_ANSWER_BYTES / 1024} KB, so it is not a version gopher-site wrote`,
    });
    await expect.poll(() => closed).toBe(true);
    expect(sent).toBeLessThan(total);

    host.answer = (_request, response) => response.writeHead(200, { "content-length": String(10 * 1024 * 1024) }).write("{");
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "unknown" });
  });

  it("says unknown for an answer that is not a version file, and never hands its words to git", async () => {
    const { dir } = await siteWithRemote();
    const host = await startHost();
    host.answer = (_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Home</title>");
    const notAFile = { state: "unknown", reason: "the live site's .well-known/gopher-site.json does not hold a version gopher-site wrote" };
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual(notAFile);
    host.answer = serving("--output=/tmp/x");
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual(notAFile);
    host.answer = (_request, response) => response.writeHead(503).end();
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({ state: "unknown", reason: `the live site at ${host.url} answered 503 for .well-known/gopher-site.json` });
  });

  it("says unknown for a live version this repository does not have", async () => {
    const { dir } = await siteWithRemote();
    const host = await startHost();
    host.answer = serving("0123456789abcdef0123456789abcdef01234567");
    expect(await liveState(config(dir), { siteUrl: host.url })).toEqual({
      state: "unknown",
      reason: "the live site has version 0123456, which this repository does not have: published from another computer since the last publish here?",
    });
  });

  it("says unknown with nothing pushed, and outside a repository", async () => {
    const { dir } = await siteRepository();
    const host = await startHost();
    expect(await liveState(config(dir), { siteUrl: host.url })).toMatchObject({ state: "unknown", reason: expect.stringContaining("nothing is pushed yet") });
    const outside = folders();
    await copyFile(path.join(REPO_ROOT, "site.yaml"), path.join(outside, "site.yaml"));
    expect(await liveState(config(outside), { siteUrl: host.url })).toEqual({ state: "unknown", reason: "the site's folder is in no git repository, so nothing is published from it" });
  });
});
