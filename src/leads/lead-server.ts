import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, realpath, rename } from "node:fs/promises";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import type { Site } from "../config/schema.ts";
import { UserError } from "../errors.ts";
import { closeAfter, readBody } from "../http/body.ts";
import type { Logger } from "../log.ts";
import { projectPaths } from "../paths.ts";
import { listen } from "../http/listen.ts";
import { resolveRequestPath } from "../http/resolve-path.ts";
import { headersFromFile } from "../http/site-headers.ts";
import type { Route } from "../http/routes.ts";
import { createStaticServer, firstFile } from "../http/static-server.ts";
import { testBodyDeadlineMs, testLeadRetryMs } from "../test-hooks.ts";
import { clientAddress, limitKey, trustedProxies } from "./client-address.ts";
import { RefusedError, startDelivery } from "./delivery.ts";
import { emailSender } from "./email.ts";
import { acceptsJson, judgeLead, leadAnswer, LEAD_PATH, type JudgedLead, type LeadAnswer } from "./lead-form.ts";
import { leadTargets } from "./lead-pages.ts";
import { readLeadSite } from "./lead-site.ts";
import { refillForm, type Refill } from "./refill-form.ts";
import { readLeadWords, wordsFor } from "./lead-words.ts";
import { openOutbox, OutboxFullError, type Channel, type LeadRecord } from "./outbox.ts";
import { rateLimiter } from "./rate-limit.ts";
import { webhookSender, WebhookAnswerError } from "./webhook.ts";
import { fillStamps } from "./stamp.ts";
import { turnstileCheck } from "./turnstile.ts";

export interface LeadServerOptions {
  /** site.yaml: the company's email and the `leads` settings. */
  config: string;
  /** The built site. */
  out: string;
  /** Where the leads are kept (the outbox) and, without GOPHER_SITE_LEAD_SECRET, the stamp's secret. */
  leads: string;
  port: number;
  host: string;
  log: Logger;
  env?: NodeJS.ProcessEnv;
  /** The proxies whose X-Real-IP / X-Forwarded-For are believed (addresses or CIDR ranges); loopback by default. */
  trustProxy?: string[];
  /** More routes on this server (`serve --editor`: the editor behind its sign-in, src/online/), made once the site is read. */
  mount?: (context: MountContext) => Promise<Mounted>;
}

/** What serve knows that routes mounted on it use: the site, the proxies believed, a visitor's address. */
export interface MountContext {
  site: Site;
  trusted: BlockList;
  addressOf(request: IncomingMessage): string;
  env: NodeJS.ProcessEnv;
  /** Tells serve the site's files were published anew (the editor's Publish): it reads its settings again. */
  siteChanged(): Promise<string[]>;
}

export interface Mounted {
  routes: Route[];
  close(): Promise<void>;
  /** A request's path as the log may show it, a secret in it hidden (a sign-in link's token). */
  redact?(pathname: string): string;
}

/** A form body is a few hundred bytes; more is not a person's request. */
export const MAX_BODY = 64 * 1024;
/** Posts a minute from one visitor (an IPv4 address, an IPv6 /64) before the next is refused. */
const POSTS_A_MINUTE = 5;
/** Posts a day from one visitor: a person sends one or two; past this nothing of theirs is kept. */
const POSTS_A_DAY = 30;
/** A form's body arrives at once; one still trickling in after this long is a robot's. */
const BODY_DEADLINE_MS = 10_000;
/** What a stop waits for the requests being answered, and for the sends under way (what was taken is on disk). */
const STOP_WAIT_MS = 2_000;

/**
 * `gopher-site serve`: the built site as preview serves it (its `_headers`, clean URLs, 404 pages),
 * each page's form stamp filled in, and the form's posts at /api/lead: each kept in the outbox,
 * flushed, before the visitor is answered, then delivered by e-mail and/or webhook until it is.
 */
export async function startLeadServer(options: LeadServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const env = options.env ?? process.env;
  let { site } = await loadConfig({ path: path.resolve(options.config), displayPath: options.config });
  const leads = site.leads;
  const root = path.resolve(options.out);
  const problems: string[] = [];
  if (!leads) problems.push(`${options.config}: leads: is missing; add \`leads: { delivery: server }\` so the site's own form posts here`);
  if (leads?.email && !env.GOPHER_SITE_SMTP_URL) problems.push("GOPHER_SITE_SMTP_URL is not set: set it to smtp://user:password@host:port to e-mail the leads, or set leads.email: false in site.yaml");
  if (leads?.turnstile && !env.GOPHER_SITE_TURNSTILE_SECRET) problems.push("GOPHER_SITE_TURNSTILE_SECRET is not set: set it to the Turnstile secret key of leads.turnstile.siteKey");
  // A webhook's address often holds its token: it may be kept out of site.yaml, in the environment.
  const webhook = env.GOPHER_SITE_LEAD_WEBHOOK_URL || leads?.webhook;
  if (webhook && !URL.canParse(webhook)) problems.push("the webhook's address (GOPHER_SITE_LEAD_WEBHOOK_URL or leads.webhook) is not a URL; give it as https://host/path");
  if (leads && !leads.email && !webhook) problems.push(`${options.config}: leads: delivers nowhere; set email: true, or a webhook (leads.webhook or GOPHER_SITE_LEAD_WEBHOOK_URL)`);
  const index = await readFile(path.join(root, "index.html")).catch(() => undefined);
  if (!index) problems.push(`${options.out} has no built site (no index.html); run \`gopher-site build\` first`);
  problems.push(...(await publishedLeads(options.leads, [[options.out, root], [path.join(path.dirname(options.config), "public"), projectPaths(options.config).public]])));
  let trusted: ReturnType<typeof trustedProxies> | undefined;
  try {
    trusted = trustedProxies(options.trustProxy);
  } catch (error) {
    problems.push(`--trust-proxy: ${(error as Error).message}; give addresses or ranges such as 10.0.0.1 or 10.0.0.0/8`);
  }
  if (problems.length > 0 || !leads || !trusted) throw new UserError(problems.join("\n"));

  const secret = env.GOPHER_SITE_LEAD_SECRET || (await folderSecret(options.leads));
  let leadSite = await readLeadSite(site, options.config);
  const send: Partial<Record<Channel, (lead: LeadRecord) => Promise<void>>> = {};
  const mailTo = (to: string, wording: typeof leadSite.wording) => emailSender(env.GOPHER_SITE_SMTP_URL!, to, env.GOPHER_SITE_SMTP_FROM || to, wording);
  let mail = leads.email ? mailTo(site.email, leadSite.wording) : undefined;
  // Through `mail` as it is when a lead is sent: a published site.yaml may give another address.
  if (mail) send.email = (lead) => mail!.send(lead);
  if (webhook) send.webhook = refusingOn4xx(webhookSender(webhook));
  const channels = Object.keys(send) as Channel[];
  const outbox = await openOutbox(options.leads, {
    channels,
    onFilling: (share, bytes) =>
      options.log.warn(`${options.leads} holds ${Math.round(bytes / 1024 / 1024)} MB, ${Math.round(share * 100)}% of what serve keeps; past it a request is refused and the visitor asked to call: move old leads-*.jsonl files elsewhere`),
  });
  const retryMs = testLeadRetryMs() ?? 60_000;
  // The webhook's address may hold its token: never in the log, whatever an error message quotes.
  const says = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    return webhook ? text.split(webhook).join("<the webhook>") : text;
  };
  const delivery = startDelivery({
    outbox,
    send,
    retryMs,
    maxRetryMs: Math.max(retryMs, 60 * 60_000),
    pollMs: Math.min(30_000, retryMs),
    onFailure: (lead, channel, error, wait) => options.log.warn(`lead ${lead.id}: not delivered by ${channel} (${says(error)}); it is kept in ${options.leads}, next try in ${Math.round(wait / 1000)} s`),
    onGiveUp: (lead, channel, reason) => options.log.error(`lead ${lead.id}: given up by ${channel} after it was refused again (${reason}); see \`gopher-site leads\` and call them back`),
    onRecordFailed: (lead, channel, what, error) =>
      options.log.error(
        what === "delivered"
          ? `lead ${lead.id}: delivered by ${channel}, but that could not be written to ${options.leads} (${says(error)}); it is not sent again by this process, and may be sent once more after a restart`
          : `lead ${lead.id}: refused by ${channel} for good, but that could not be written to ${options.leads} (${says(error)})`,
      ),
  });
  let words = wordsFor(await readLeadWords(projectPaths(options.config).content, site.languages));
  const turnstile = leads.turnstile ? turnstileCheck(env.GOPHER_SITE_TURNSTILE_SECRET!, env.GOPHER_SITE_TURNSTILE_VERIFY_URL || undefined) : undefined;
  const posted = rateLimiter(POSTS_A_MINUTE, 60_000);
  const postedToday = rateLimiter(POSTS_A_DAY, 24 * 60 * 60_000);
  const pages = {
    languages: leadSite.languages,
    async has(pagePath: string) {
      const resolution = resolveRequestPath(root, pagePath);
      return resolution.kind === "candidates" && (await firstFile(root, resolution.files)) !== undefined;
    },
  };

  const takeLead = async (request: IncomingMessage, response: ServerResponse): Promise<LeadAnswer | undefined> => {
    const json = acceptsJson(request.headers.accept);
    const address = clientAddress(request, trusted);
    const key = limitKey(address);
    const posts = posted(key);
    const limited = posts > POSTS_A_MINUTE;
    // Far past the limit it is a flood: refused unread, as cheaply as can be (a person posts a few
    // times); and one visitor's posts a day are bounded, so no one fills the leads folder alone.
    if (posts > 2 * POSTS_A_MINUTE || postedToday(key) > POSTS_A_DAY) {
      // A small body Node reads and drops itself, keeping the connection; any other is not read at all.
      if (!(Number(request.headers["content-length"]) <= MAX_BODY)) closeAfter(request, response);
      return leadAnswer({ kind: "limited" }, json, words);
    }
    const body = await readBody(request, { maxBytes: MAX_BODY, deadlineMs: testBodyDeadlineMs() ?? BODY_DEADLINE_MS });
    if (body.kind === "aborted") return undefined;
    if (body.kind !== "body") {
      closeAfter(request, response);
      return body.kind === "too-large" ? plain(413, "The request is too large.") : plain(408, "The request took too long to arrive.");
    }
    const lead = await judgeLead(body.text, { secret, turnstile: turnstile && ((token) => turnstile(token, address)) });
    const targets = await leadTargets(lead.fields, pages);
    // Without JavaScript a request not taken comes back as its page, the form holding what was typed.
    const sentBack = async (status: number, alert: "invalid" | "failed", fallback: LeadAnswer) =>
      json ? fallback : ((await pageSentBack(status, targets.page, { fields: lead.fields, errors: lead.errors, words: words(lead.fields.lang), alert, stamp: lead.spam ? undefined : lead.stamp })) ?? fallback);
    const complete = Object.keys(lead.errors).length === 0;
    if (!complete && !limited) return sentBack(422, "invalid", leadAnswer({ kind: "invalid", lead, targets }, json, words));
    const limitedAnswer = () => sentBack(429, "failed", leadAnswer({ kind: "limited" }, json, words));
    if (!complete) return limitedAnswer();
    // Signed by us: a page's stamp, which counts for one request kept.
    const stamp = lead.stamp !== undefined && lead.spam !== "stamp invalid" && lead.spam !== "stamp missing" ? lead.stamp : undefined;
    if (limited) {
      // Past the limit a post a person could have sent (its page's stamp, unspent) is kept, held, its
      // stamp left for their next try; a robot's is not even written. Either way: call us, or later.
      if (lead.spam || (stamp && outbox.isSpent(stamp))) return limitedAnswer();
      await keep(lead, "limit");
      return limitedAnswer();
    }
    const fresh = stamp === undefined || outbox.reserve(stamp);
    const kept = await keep(lead, fresh ? lead.spam : "stamp used");
    if (stamp && fresh && !kept) outbox.release(stamp);
    if (!kept) return sentBack(503, "failed", leadAnswer({ kind: "failed" }, json, words));
    return leadAnswer({ kind: "received", lead, targets }, json, words);
  };
  /** Writes a post to the outbox (a person's to be delivered at once); false when it could not be. */
  const keep = async (lead: JudgedLead, spam: string | undefined): Promise<boolean> => {
    try {
      const kept = await outbox.add(lead.fields, channels, { spam, stamp: lead.stamp });
      if (kept && !spam) delivery.nudge();
      return true;
    } catch (error) {
      options.log.error(error instanceof OutboxFullError ? `a lead was refused: ${error.message}; see \`gopher-site leads\`` : `a lead could not be written to ${options.leads}: ${says(error)}`);
      return false;
    }
  };
  const siteHeaders = headersFromFile(path.join(root, "_headers"));
  /** The page at `pagePath` with its form refilled, as the site's headers send it; undefined without such a page. */
  const pageSentBack = async (status: number, pagePath: string, refill: Refill): Promise<LeadAnswer | undefined> => {
    const resolution = resolveRequestPath(root, pagePath);
    const file = resolution.kind === "candidates" ? await firstFile(root, resolution.files) : undefined;
    if (!file || !file.endsWith(".html")) return undefined;
    const html = refillForm(await readFile(file, "utf8"), refill);
    if (!html) return undefined;
    return { status, headers: { ...siteHeaders(pagePath), "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, body: await fillStamps(html, secret) };
  };

  // The form's one route: a post to LEAD_PATH (anything else there is 405).
  const leadRoute: Route = {
    path: LEAD_PATH,
    methods: ["POST"],
    async handle(request, response) {
      const answer = await takeLead(request, response);
      if (!answer) response.destroy();
      else response.writeHead(answer.status, answer.headers).end(answer.body);
    },
  };
  /**
   * site.yaml and content/ published anew while serving (`serve --editor`): the form's words, pages
   * and services, and the address its e-mails go to, read again. Said back: what takes a restart.
   */
  const siteChanged = async (): Promise<string[]> => {
    const now = (await loadConfig({ path: path.resolve(options.config), displayPath: options.config })).site;
    const nextSite = await readLeadSite(now, options.config);
    words = wordsFor(await readLeadWords(projectPaths(options.config).content, now.languages));
    leadSite = nextSite;
    pages.languages = nextSite.languages;
    // The company's address and the services' names in the e-mail: the next lead goes with the new ones.
    if (mail) {
      const before = mail;
      mail = mailTo(now.email, nextSite.wording);
      before.close();
    }
    const settingsBefore = JSON.stringify(site.leads);
    site = now;
    return JSON.stringify(now.leads) === settingsBefore ? [] : ["The form's delivery settings (leads: in site.yaml) changed: they take effect when serve restarts."];
  };
  const mounted = options.mount
    ? await options.mount({ site, trusted, addressOf: (request) => clientAddress(request, trusted), env, siteChanged }).catch(async (error: unknown) => {
        await delivery.close();
        await mail?.close();
        throw error;
      })
    : undefined;
  const server: Server = createStaticServer({
    root,
    headers: siteHeaders,
    routes: [leadRoute, ...(mounted?.routes ?? [])],
    transformHtml: (html) => fillStamps(html, secret),
    onError: (error, id, request) => options.log.error(`request ${id} (${request.method} ${loggedPath(request.url, mounted?.redact)}) failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const url = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    await mounted?.close();
    await delivery.close();
    await mail?.close();
    throw error;
  });
  return {
    url,
    async close() {
      // No new connection; the requests under way get a moment to be answered (their leads are on disk first).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      server.closeAllConnections();
      await closed;
      await mounted?.close();
      await delivery.close(STOP_WAIT_MS);
      await mail?.close();
    },
  };
}

/** A request's address as the log may show it: no query (it may hold anything), at most 200 characters, what a mounted surface hides hidden. */
export function loggedPath(url: string | undefined, redact: (pathname: string) => string = (pathname) => pathname): string {
  return redact(String(url ?? "/").split("?", 1)[0]!).slice(0, 200);
}

function plain(status: number, text: string): LeadAnswer {
  return { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: `${text}\n` };
}

/** A webhook that refuses a lead (a 4xx but 408 and 429, which say "later") will refuse it if asked again. */
function refusingOn4xx(send: (lead: LeadRecord) => Promise<void>) {
  return async (lead: LeadRecord) => {
    try {
      await send(lead);
    } catch (error) {
      if (error instanceof WebhookAnswerError && error.refused) throw new RefusedError(`the webhook refused it (${error.status})`, { cause: error });
      throw error;
    }
  };
}

/** The leads folder must not be inside a folder that is served or published: every visitor could read them. */
async function publishedLeads(leads: string, published: Array<[shown: string, folder: string]>): Promise<string[]> {
  const real = async (folder: string) => realpath(folder).catch(() => path.resolve(folder));
  const leadsFolder = await real(leads);
  const problems: string[] = [];
  for (const [shown, folder] of published) {
    const relative = path.relative(await real(folder), leadsFolder);
    if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))) {
      problems.push(`--leads ${leads} is inside ${shown}, which is published: every visitor could read the requests; keep them outside it (the default is leads/ beside site.yaml)`);
    }
  }
  return problems;
}

/** The stamp's secret kept in the leads folder, made (readable by its owner only) on first start. */
async function folderSecret(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, ".secret");
  const kept = (await readFile(file, "utf8").catch(() => "")).trim();
  if (kept.length >= 32) return kept;
  // Written beside, then renamed: a crash or a second serve starting at the same moment never leaves
  // an empty secret (it would refuse every page's stamp). Whoever renames last wins; both read it after.
  const beside = `${file}.${randomBytes(6).toString("hex")}`;
  const handle = await open(beside, "wx", 0o600);
  try {
    await handle.writeFile(randomBytes(32).toString("hex"));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(beside, file);
  return (await readFile(file, "utf8")).trim();
}
