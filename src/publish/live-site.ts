import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import { isSiteError } from "../errors.ts";
import { runGit } from "../git.ts";
import { VERSION_FILE } from "../plan/site-version.ts";

/** Whether the version last pushed is what the live site serves, as the editor says it ("Building…", then "Live"). */
export type LiveState =
  /** The live site has the version last pushed, or a later one holding it. */
  | { state: "live"; version: string; message: string; since?: string }
  /** Pushed, not live yet: the live site has an earlier version (`liveVersion`), or none yet. */
  | { state: "building"; version: string; message: string; liveVersion?: string; since?: string }
  /** No address, no upstream, nothing pushed, or a live site that cannot be reached or does not say its version. */
  | { state: "unknown"; reason: string };

export interface LiveStateOptions {
  /** The fetch used to ask the live site (the global one by default). */
  fetch?: typeof fetch;
  /** How long the live site has to answer, the whole answer read: 5 s by default. */
  timeoutMs?: number;
  /** The live site's address: site.yaml's siteUrl by default (tests give a server on this machine). */
  siteUrl?: string;
}

/** The most read of the live site's answer: a version file is some 120 bytes. */
export const MAX_ANSWER_BYTES = 4096;
const TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;
/** How long after a push a live site without the file is taken to be still building its first version that writes it. */
export const FIRST_VERSION_MS = 30 * 60_000;

/** The version pushed (the branch's upstream): its id, its message's first line and when it was made. */
interface Pushed {
  version: string;
  message: string;
  since: string;
}

/** What the live site says of its version: one, none (404), or why nothing can be said. */
type Answer = { version: string } | { missing: true } | { reason: string };

/**
 * Asks the live site (site.yaml's siteUrl) for its /.well-known/gopher-site.json, written by the
 * build the host ran (site-version.ts), and compares it with the version pushed: live when it is
 * that version or a later one, building when it is an earlier one or missing while the site
 * answers. Follows no redirect off the site's address, reads at most 4 KB, gives up after 5 s; a
 * network failure is an "unknown" state, never a throw.
 */
export async function liveState(config: string, options: LiveStateOptions = {}): Promise<LiveState> {
  const root = path.dirname(path.resolve(config));
  // Nothing pushed, nothing to ask; an example address (a starter's, a test's) is never asked.
  const pushed = await pushedVersion(root);
  if ("reason" in pushed) return { state: "unknown", reason: pushed.reason };
  const address = await siteAddress(config, options.siteUrl);
  if ("reason" in address) return { state: "unknown", reason: address.reason };
  if (isExampleHost(address.url.hostname)) return { state: "unknown", reason: `site.yaml's siteUrl (${address.url.origin}) is an example address; put the site's own address there` };
  const answer = await askLiveSite(address.url, options);
  if ("reason" in answer) return { state: "unknown", reason: answer.reason };
  if ("missing" in answer) {
    if (Date.now() - Date.parse(pushed.since) < FIRST_VERSION_MS) return { state: "building", ...pushed };
    return { state: "unknown", reason: `the live site has no ${VERSION_FILE} half an hour after the push: its host may not build with gopher-site build, or its last build failed (its deploys say)` };
  }
  if (answer.version === pushed.version) return { state: "live", ...pushed };
  const base = await runGit(root, ["merge-base", pushed.version, answer.version]);
  const common = base.code === 0 ? base.stdout.trim() : undefined;
  if (common === pushed.version) return { state: "live", ...pushed };
  if (common === answer.version) return { state: "building", ...pushed, liveVersion: answer.version };
  const short = answer.version.slice(0, 7);
  const known = (await runGit(root, ["cat-file", "-e", `${answer.version}^{commit}`])).code === 0;
  return {
    state: "unknown",
    reason: known
      ? `the live site has version ${short}, which is not in the published branch's history: is the host building another branch?`
      : `the live site has version ${short}, which this repository does not have: published from another computer since the last publish here?`,
  };
}

/** The upstream's last version, or why there is none. */
async function pushedVersion(root: string): Promise<Pushed | { reason: string }> {
  try {
    const log = await runGit(root, ["log", "-1", "--no-show-signature", "--format=%H%x00%cI%x00%s", "@{u}"]);
    if (log.code === 0) {
      const [version, since, message] = log.stdout.replace(/\n$/, "").split("\0");
      return { version: version!, since: since!, message: message ?? "" };
    }
    const inRepository = (await runGit(root, ["rev-parse", "--git-dir"])).code === 0;
    return {
      reason: inRepository
        ? "nothing is pushed yet: the branch has no upstream (Publish pushes once the repository has a remote: git remote add origin <address>, then git push -u origin main)"
        : "the site's folder is in no git repository, so nothing is published from it",
    };
  } catch {
    return { reason: "git is not installed, so the versions pushed cannot be read" };
  }
}

/** A name reserved for examples and tests (RFC 2606, 6761): example.com/net/org and their names, .example, .test, .invalid. */
function isExampleHost(hostname: string): boolean {
  return /(^|\.)example\.(com|net|org)$|\.(example|test|invalid)$/i.test(hostname.replace(/\.$/, ""));
}

/** The live site's address: `given`, or site.yaml's siteUrl. */
async function siteAddress(config: string, given: string | undefined): Promise<{ url: URL } | { reason: string }> {
  try {
    const siteUrl = given ?? (await loadConfig({ path: path.resolve(config), displayPath: path.basename(config) })).site.siteUrl;
    return { url: new URL(siteUrl) };
  } catch (error) {
    const words = isSiteError(error) ? error.problems.map((problem) => problem.message).join("; ") : String(error);
    return { reason: `site.yaml does not give the live site's address (siteUrl): ${words}` };
  }
}

/** Whether a redirect stays on the site: the same origin, or the same host moved from http to https. */
function onSite(target: URL, site: URL): boolean {
  if (target.origin === site.origin) return true;
  return site.protocol === "http:" && target.protocol === "https:" && target.hostname === site.hostname && target.port === "";
}

/** GETs the version file, following redirects on the site only, within the time and size limits. */
async function askLiveSite(site: URL, options: LiveStateOptions): Promise<Answer> {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let target = new URL(`/${VERSION_FILE}`, site);
  // A query of its own: a CDN that keeps answers for minutes whatever the headers (GitHub Pages keeps 10) asks the host.
  target.searchParams.set("now", String(Date.now()));
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetchImpl(target, { redirect: "manual", cache: "no-store", signal, headers: { accept: "application/json" } });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, target);
        if (!onSite(next, site)) return { reason: `the live site sends ${VERSION_FILE} on to ${next.origin}, which is not followed: is site.yaml's siteUrl (${site.origin}) the address the site is served at?` };
        if (redirects === MAX_REDIRECTS) return { reason: `the live site at ${site.origin} redirects ${VERSION_FILE} more than ${MAX_REDIRECTS} times` };
        target = next;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return { missing: true };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { reason: `the live site at ${site.origin} answered ${response.status} for ${VERSION_FILE}` };
      }
      const text = await readAtMost(response, MAX_ANSWER_BYTES);
      if (text === undefined) return { reason: `the live site's ${VERSION_FILE} is longer than ${MAX_ANSWER_BYTES / 1024} KB, so it is not a version gopher-site wrote` };
      const version = versionIn(text);
      return version ? { version } : { reason: `the live site's ${VERSION_FILE} does not hold a version gopher-site wrote` };
    }
  } catch (error) {
    if (signal.aborted) return { reason: `the live site at ${site.origin} did not answer within ${Math.round(timeoutMs / 100) / 10} s` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { reason: `the live site at ${site.origin} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})` };
  }
}

/** The body as text when it is at most `limit` bytes; undefined (the rest never read) when longer. */
async function readAtMost(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get("content-length") ?? 0) > limit) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The commit id a version file names; undefined for anything else (it goes to git: only a full hex id passes). */
function versionIn(text: string): string | undefined {
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === "string" && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(version) ? version : undefined;
  } catch {
    return undefined;
  }
}
