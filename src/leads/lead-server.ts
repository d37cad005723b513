import { randomBytes } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { isIP } from "node:net";
import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import { UserError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { projectPaths } from "../paths.ts";
import { listen } from "../dev/listen.ts";
import { headersFromFile } from "../dev/site-headers.ts";
import { createStaticServer } from "../dev/static-server.ts";
import { testLeadRetryMs } from "../test-hooks.ts";
import { startDelivery } from "./delivery.ts";
import { acceptsJson, judgeLead, leadAnswer, LEAD_PATH, type LeadAnswer } from "./lead-form.ts";
import { readLeadWords, wordsFor } from "./lead-words.ts";
import { openOutbox, type Channel } from "./outbox.ts";
import { rateLimiter } from "./rate-limit.ts";
import { emailSender, webhookSender } from "./senders.ts";
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
}

/** A form body is a few hundred bytes; more is not a person's request. */
const MAX_BODY = 64 * 1024;

/**
 * `gopher-site serve`: the built site as preview serves it (its `_headers`, clean URLs, 404 pages),
 * each page's form stamp filled in, and the form's posts at /api/lead: each kept in the outbox,
 * flushed, before the visitor is answered, then delivered by e-mail and/or webhook until it is.
 */
export async function startLeadServer(options: LeadServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const env = options.env ?? process.env;
  const { site } = await loadConfig({ path: path.resolve(options.config), displayPath: options.config });
  const leads = site.leads;
  const problems: string[] = [];
  if (!leads) problems.push(`${options.config}: leads: is missing; add \`leads: { delivery: server }\` so the site's own form posts here`);
  if (leads?.email && !env.GOPHER_SITE_SMTP_URL) problems.push("GOPHER_SITE_SMTP_URL is not set: set it to smtp://user:password@host:port to e-mail the leads, or set leads.email: false in site.yaml");
  if (leads?.turnstile && !env.GOPHER_SITE_TURNSTILE_SECRET) problems.push("GOPHER_SITE_TURNSTILE_SECRET is not set: set it to the Turnstile secret key of leads.turnstile.siteKey");
  // A webhook's address often holds its token: it may be kept out of site.yaml, in the environment.
  const webhook = env.GOPHER_SITE_LEAD_WEBHOOK_URL || leads?.webhook;
  if (leads && !leads.email && !webhook) problems.push(`${options.config}: leads: delivers nowhere; set email: true, or a webhook (leads.webhook or GOPHER_SITE_LEAD_WEBHOOK_URL)`);
  const root = path.resolve(options.out);
  const index = await readFile(path.join(root, "index.html")).catch(() => undefined);
  if (!index) problems.push(`${options.out} has no built site (no index.html); run \`gopher-site build\` first`);
  if (problems.length > 0 || !leads) throw new UserError(problems.join("\n"));

  const secret = env.GOPHER_SITE_LEAD_SECRET || (await folderSecret(options.leads));
  const outbox = openOutbox(options.leads);
  const send: Partial<Record<Channel, ReturnType<typeof webhookSender>>> = {};
  if (leads.email) send.email = emailSender(env.GOPHER_SITE_SMTP_URL!, site.email, env.GOPHER_SITE_SMTP_FROM || site.email);
  if (webhook) send.webhook = webhookSender(webhook);
  const retryMs = testLeadRetryMs() ?? 60_000;
  const delivery = startDelivery({
    outbox,
    send,
    retryMs,
    maxRetryMs: Math.max(retryMs, 60 * 60_000),
    onFailure: (lead, channel, error, wait) =>
      options.log.warn(`lead ${lead.id}: not delivered by ${channel} (${error instanceof Error ? error.message : String(error)}); it is kept in ${options.leads}, next try in ${Math.round(wait / 1000)} s`),
  });
  const words = wordsFor(await readLeadWords(projectPaths(options.config).content, site.languages));
  const turnstile = leads.turnstile ? turnstileCheck(env.GOPHER_SITE_TURNSTILE_SECRET!, env.GOPHER_SITE_TURNSTILE_VERIFY_URL || undefined) : undefined;
  const allowed = rateLimiter(5, 60_000);
  const channels = Object.keys(send) as Channel[];

  const takeLead = async (request: IncomingMessage): Promise<LeadAnswer> => {
    const json = acceptsJson(request.headers.accept);
    if (!allowed(clientAddress(request))) return leadAnswer({ kind: "limited" }, json, words);
    const body = await readBody(request);
    const lead = await judgeLead(body ?? "", { secret, turnstile: turnstile && ((token) => turnstile(token, clientAddress(request))) });
    if (Object.keys(lead.errors).length > 0) return leadAnswer({ kind: "invalid", lead }, json, words);
    try {
      await outbox.add(lead.fields, channels, lead.spam);
    } catch (error) {
      options.log.error(`a lead could not be written to ${options.leads}: ${error instanceof Error ? error.message : String(error)}`);
      return leadAnswer({ kind: "failed" }, json, words);
    }
    if (!lead.spam) delivery.nudge();
    return leadAnswer({ kind: "received", lead }, json, words);
  };
  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.url ?? "").split(/[?#]/, 1)[0] !== LEAD_PATH) return false;
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "POST" }).end();
      return true;
    }
    takeLead(request)
      .catch((): LeadAnswer => leadAnswer({ kind: "failed" }, acceptsJson(request.headers.accept), words))
      .then((answer) => response.writeHead(answer.status, answer.headers).end(answer.body));
    return true;
  };
  const server: Server = createStaticServer({ root, headers: headersFromFile(path.join(root, "_headers")), handle, transformHtml: (html) => fillStamps(html, secret) });
  const url = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    await delivery.close();
    throw error;
  });
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await delivery.close();
    },
  };
}

/** The body as text; undefined past MAX_BODY. */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on("end", () => resolve(size <= MAX_BODY ? Buffer.concat(chunks).toString("utf8") : undefined));
    request.on("error", reject);
  });
}

/**
 * Who posted, for the rate limit: the connection's address, or behind a proxy on this machine
 * (host-config's nginx or Caddy) the visitor's address it passes in X-Real-IP. Only a loopback
 * peer is trusted with that header; a visitor cannot set it to dodge the limit.
 */
function clientAddress(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? "";
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  const forwarded = request.headers["x-real-ip"];
  return loopback && typeof forwarded === "string" && isIP(forwarded.trim()) ? forwarded.trim() : peer;
}

/** The stamp's secret kept in the leads folder, made (readable by its owner only) on first start. */
async function folderSecret(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, ".secret");
  try {
    const handle = await open(file, "wx", 0o600);
    const secret = randomBytes(32).toString("hex");
    await handle.writeFile(secret);
    await handle.sync();
    await handle.close();
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(file, "utf8")).trim();
  }
}
