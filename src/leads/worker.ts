// The Cloudflare Pages worker (dist/_worker.js, bundled by worker-file.ts): the site's files from
// Pages' own asset server, each page's form stamp filled in, and the form's posts at /api/lead,
// judged by the same code as `gopher-site serve` and delivered to the webhook before the answer.
import { acceptsJson, judgeLead, leadAnswer, LEAD_PATH, type LeadAnswer, type LeadWords } from "./lead-form.ts";
import { leadTargets, type LanguagePages, type LeadPages } from "./lead-pages.ts";
import { limitKey } from "./limit-key.ts";
import { rateLimiter } from "./rate-limit.ts";
import { refillForm, type Refill } from "./refill-form.ts";
import { makeStamp } from "./stamp.ts";
import { turnstileCheck } from "./turnstile.ts";
import { declaredTooLarge, dropBody, readLimitedText } from "./web-body.ts";
import { postLead, WebhookAnswerError, type WebhookLead } from "./webhook.ts";

/** Settings from site.yaml, chrome.yaml and the planned pages, written in by the build. */
declare const LEAD_SETTINGS: { webhook?: string; turnstile: boolean; words: Record<string, LeadWords>; languages: LanguagePages };

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  GOPHER_SITE_LEAD_SECRET?: string;
  GOPHER_SITE_LEAD_WEBHOOK_URL?: string;
  GOPHER_SITE_TURNSTILE_SECRET?: string;
  GOPHER_SITE_TURNSTILE_VERIFY_URL?: string;
}

declare class HTMLRewriter {
  on(selector: string, handlers: { element(element: { getAttribute(name: string): string | null; setAttribute(name: string, value: string): void }): void }): HTMLRewriter;
  transform(response: Response): Response;
}

/** A form body is a few hundred bytes; more is not a person's request (serve's limit too). */
const MAX_LEAD_BODY = 64 * 1024;

// Per isolate: Cloudflare runs several, so this only slows a flood; its rate limiting rules do the rest.
const POSTS_A_MINUTE = 5;
const posted = rateLimiter(POSTS_A_MINUTE, 60_000);
const words = (lang: string): LeadWords => (Object.hasOwn(LEAD_SETTINGS.words, lang) ? LEAD_SETTINGS.words[lang]! : Object.values(LEAD_SETTINGS.words)[0]!);

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === LEAD_PATH) {
      const answer: LeadAnswer =
        request.method !== "POST"
          ? { status: 405, headers: { allow: "POST" }, body: "" }
          : await takeLead(request, env).catch((error: unknown) => {
              // A bug, or a visitor gone mid-post: answered as a webhook that is down, never with the runtime's 500.
              console.error(`gopher-site: a post to ${LEAD_PATH} failed: ${errorText(error)}`);
              return leadAnswer({ kind: "failed" }, acceptsJson(request.headers.get("accept")), words);
            });
      await dropBody(request);
      return new Response(answer.body || null, { status: answer.status, headers: answer.headers });
    }
    const response = await env.ASSETS.fetch(request);
    if (!env.GOPHER_SITE_LEAD_SECRET || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
    const stamp = await makeStamp(env.GOPHER_SITE_LEAD_SECRET);
    return new HTMLRewriter()
      .on('input[name="stamp"]', {
        element(element) {
          if (!element.getAttribute("value")) element.setAttribute("value", stamp);
        },
      })
      .transform(response);
  },
};

async function takeLead(request: Request, env: Env): Promise<LeadAnswer> {
  const json = acceptsJson(request.headers.get("accept"));
  if (declaredTooLarge(request, MAX_LEAD_BODY)) return tooLarge(json);
  const address = request.headers.get("cf-connecting-ip") ?? "";
  if (posted(limitKey(address)) > POSTS_A_MINUTE) return leadAnswer({ kind: "limited" }, json, words);
  const webhook = env.GOPHER_SITE_LEAD_WEBHOOK_URL || LEAD_SETTINGS.webhook;
  if (!env.GOPHER_SITE_LEAD_SECRET || !webhook || (LEAD_SETTINGS.turnstile && !env.GOPHER_SITE_TURNSTILE_SECRET)) {
    console.error("gopher-site: set GOPHER_SITE_LEAD_SECRET, a webhook (leads.webhook or GOPHER_SITE_LEAD_WEBHOOK_URL) and, with Turnstile, GOPHER_SITE_TURNSTILE_SECRET in the Pages project's settings");
    return leadAnswer({ kind: "failed" }, json, words);
  }
  const body = await readLimitedText(request, MAX_LEAD_BODY);
  if (body === undefined) return tooLarge(json);
  // Named before it is judged: the log line of a robot's and the webhook's Idempotency-Key carry this id.
  const id = crypto.randomUUID();
  const check = LEAD_SETTINGS.turnstile ? turnstileCheck(env.GOPHER_SITE_TURNSTILE_SECRET!, env.GOPHER_SITE_TURNSTILE_VERIFY_URL || undefined) : undefined;
  const lead = await judgeLead(body, { secret: env.GOPHER_SITE_LEAD_SECRET, turnstile: check && ((token) => check(token, address)) });
  const targets = await leadTargets(lead.fields, sitePages(env, request.url));
  const answer = async (kind: "received" | "invalid") => leadAnswer({ kind, lead, targets }, json, words);
  // Without JavaScript a request not taken comes back as its page, the form holding what was typed.
  const sentBack = async (status: number, alert: Refill["alert"], fallback: LeadAnswer) =>
    json ? fallback : ((await pageSentBack(env, request.url, status, targets.page, { fields: lead.fields, errors: lead.errors, words: words(lead.fields.lang), alert, stamp: lead.spam ? await makeStamp(env.GOPHER_SITE_LEAD_SECRET!) : lead.stamp })) ?? fallback);
  if (Object.keys(lead.errors).length > 0) return sentBack(422, "invalid", await answer("invalid"));
  if (lead.spam) {
    // Only its id and why: a post taken for a robot's may be a person's, their name and number not for the logs.
    console.log(`gopher-site: a robot's request ${id}, not delivered (${lead.spam})`);
    return answer("received");
  }
  // No disk to keep it on: the visitor is told it was received only once the webhook has it.
  return (await deliver(webhook, { id, at: new Date().toISOString(), fields: lead.fields })) ? answer("received") : sentBack(503, "failed", leadAnswer({ kind: "failed" }, json, words));
}

/** The page at `pagePath`, from the site's assets, its form refilled; undefined when it is not a page with the form. */
async function pageSentBack(env: Env, requestUrl: string, status: number, pagePath: string, refill: Refill): Promise<LeadAnswer | undefined> {
  const response = await env.ASSETS.fetch(new Request(new URL(pagePath, requestUrl), { redirect: "manual" }));
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/html")) {
    await response.body?.cancel();
    return undefined;
  }
  const html = refillForm(await response.text(), refill);
  if (!html) return undefined;
  // The page's own headers (its Content-Security-Policy), but for those of the bytes as they were.
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !["content-length", "content-encoding", "etag", "last-modified"].includes(name)));
  return { status, headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, body: html };
}

/** The site's pages as Pages' asset server has them: a page is known when it answers 200 (a redirect or a 404 is not). */
function sitePages(env: Env, requestUrl: string): LeadPages {
  return {
    languages: LEAD_SETTINGS.languages,
    async has(pagePath) {
      const response = await env.ASSETS.fetch(new Request(new URL(pagePath, requestUrl), { method: "HEAD", redirect: "manual" }));
      await response.body?.cancel();
      return response.status === 200;
    },
  };
}

/** Posts the lead to the webhook, three tries with back-off (one when it refused it with a 4xx); true once it answered 2xx. */
async function deliver(webhook: string, lead: WebhookLead): Promise<boolean> {
  const waits = [0, 500, 1500];
  for (const [index, wait] of waits.entries()) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await postLead(webhook, lead);
      return true;
    } catch (error) {
      console.error(`gopher-site: lead ${lead.id}: the webhook failed (try ${index + 1} of ${waits.length}): ${errorText(error)}`);
      if (error instanceof WebhookAnswerError && error.refused) break;
    }
  }
  console.error(`gopher-site: lead ${lead.id} not delivered; the visitor was asked to call or try again`);
  return false;
}

/** A body past MAX_LEAD_BODY, refused without reading on. */
function tooLarge(json: boolean): LeadAnswer {
  const headers = { "content-type": json ? "application/json" : "text/plain; charset=utf-8", "cache-control": "no-store" };
  return { status: 413, headers, body: json ? JSON.stringify({ ok: false, errors: {} }) : "The request is too large for a quote form.\n" };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
