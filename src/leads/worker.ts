// The Cloudflare Pages worker (dist/_worker.js, bundled by worker-file.ts): the site's files from
// Pages' own asset server, each page's form stamp filled in, and the form's posts at /api/lead,
// judged by the same code as `gopher-site serve` and delivered to the webhook before the answer.
import { acceptsJson, judgeLead, leadAnswer, LEAD_PATH, type JudgedLead, type LeadAnswer, type LeadWords } from "./lead-form.ts";
import { rateLimiter } from "./rate-limit.ts";
import { makeStamp } from "./stamp.ts";
import { turnstileCheck } from "./turnstile.ts";

/** Settings from site.yaml and chrome.yaml, written in by the build. */
declare const LEAD_SETTINGS: { webhook?: string; turnstile: boolean; words: Record<string, LeadWords> };

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

// Per isolate: Cloudflare runs several, so this only slows a flood; its rate limiting rules do the rest.
const allowed = rateLimiter(5, 60_000);
const words = (lang: string): LeadWords => LEAD_SETTINGS.words[lang] ?? Object.values(LEAD_SETTINGS.words)[0]!;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === LEAD_PATH) {
      if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
      const answer = await takeLead(request, env);
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
  const address = request.headers.get("cf-connecting-ip") ?? "";
  if (!allowed(address)) return leadAnswer({ kind: "limited" }, json, words);
  const webhook = env.GOPHER_SITE_LEAD_WEBHOOK_URL || LEAD_SETTINGS.webhook;
  if (!env.GOPHER_SITE_LEAD_SECRET || !webhook || (LEAD_SETTINGS.turnstile && !env.GOPHER_SITE_TURNSTILE_SECRET)) {
    console.error("gopher-site: set GOPHER_SITE_LEAD_SECRET, a webhook (leads.webhook or GOPHER_SITE_LEAD_WEBHOOK_URL) and, with Turnstile, GOPHER_SITE_TURNSTILE_SECRET in the Pages project's settings");
    return leadAnswer({ kind: "failed" }, json, words);
  }
  const check = LEAD_SETTINGS.turnstile ? turnstileCheck(env.GOPHER_SITE_TURNSTILE_SECRET!, env.GOPHER_SITE_TURNSTILE_VERIFY_URL || undefined) : undefined;
  const lead = await judgeLead(await request.text(), { secret: env.GOPHER_SITE_LEAD_SECRET, turnstile: check && ((token) => check(token, address)) });
  if (Object.keys(lead.errors).length > 0) return leadAnswer({ kind: "invalid", lead }, json, words);
  if (lead.spam) {
    // Kept in the Pages project's logs, never delivered; answered as a person is.
    console.log(`gopher-site: a robot's request, not delivered (${lead.spam}): ${JSON.stringify(lead.fields)}`);
    return leadAnswer({ kind: "received", lead }, json, words);
  }
  // No disk to keep it on: the visitor is told it was received only once the webhook has it.
  return (await deliver(webhook, lead)) ? leadAnswer({ kind: "received", lead }, json, words) : leadAnswer({ kind: "failed" }, json, words);
}

/** Posts the lead to the webhook, three tries with back-off; true once it answered 2xx. */
async function deliver(webhook: string, lead: JudgedLead): Promise<boolean> {
  const body = JSON.stringify({ id: crypto.randomUUID(), at: new Date().toISOString(), ...lead.fields });
  for (const wait of [0, 500, 1500]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const response = await fetch(webhook, { method: "POST", headers: { "content-type": "application/json" }, body });
      await response.body?.cancel();
      if (response.ok) return true;
    } catch (error) {
      console.error(`gopher-site: the webhook failed: ${String(error)}`);
    }
  }
  return false;
}
