import { stampProblem } from "./stamp.ts";

/**
 * A posted quote form, judged and answered the same way by `gopher-site serve` and the Cloudflare
 * worker: the fields checked, a robot told apart (honeypot, stamp, Turnstile) and answered as a
 * person is, and the answer a browser with or without the form's script expects.
 */

/** Where the form posts. */
/** The pages an answer sends a visitor to: after a received request, and back to the form. */
export interface LeadTargets {
  thanks: string;
  page: string;
}

export const LEAD_PATH = "/api/lead";

export const LEAD_FIELDS = ["name", "phone", "town", "service", "message", "lang", "page", "thanks"] as const;
export type LeadFields = Record<(typeof LEAD_FIELDS)[number], string>;
export type FieldError = "required" | "phone";
/** A language's words for the field errors (chrome.yaml's leadForm.errors). */
export type LeadWords = Record<FieldError, string>;

export interface JudgedLead {
  fields: LeadFields;
  /** By field name; empty when the form is complete. */
  errors: Partial<Record<keyof LeadFields, FieldError>>;
  /** Why it is a robot's ("honeypot", "stamp too fresh"...): kept, not delivered. */
  spam?: string;
  /** The form's stamp as posted (one page's stamp counts for one request). */
  stamp?: string;
}

/** The longest each field is kept (the form's own maxlength, with room to spare): a post is never more than a few KB. */
const FIELD_LIMITS: Record<(typeof LEAD_FIELDS)[number], number> = { name: 200, phone: 40, town: 200, service: 100, message: 2000, lang: 16, page: 1024, thanks: 1024 };

export interface JudgeOptions {
  /** The stamp's signing secret. */
  secret: string;
  now?: number;
  /** Asks Turnstile about the form's token when the site uses it; true when it passed. */
  turnstile?: (token: string) => Promise<boolean>;
}

/** Reads and judges a form body (application/x-www-form-urlencoded). */
export async function judgeLead(body: string, options: JudgeOptions): Promise<JudgedLead> {
  const form = new URLSearchParams(body);
  const fields = Object.fromEntries(LEAD_FIELDS.map((name) => [name, plainText(form.get(name) ?? "", name === "message").trim().slice(0, FIELD_LIMITS[name])])) as LeadFields;
  const errors: JudgedLead["errors"] = {};
  if (!fields.name) errors.name = "required";
  if (!fields.phone) errors.phone = "required";
  else if (!isPhone(fields.phone)) errors.phone = "phone";
  const stamp = form.get("stamp")?.slice(0, 100) || undefined;
  return { fields, errors, spam: await spamReason(form, options), ...(stamp ? { stamp } : {}) };
}

async function spamReason(form: URLSearchParams, options: JudgeOptions): Promise<string | undefined> {
  if (form.get("website")) return "honeypot";
  const stamp = await stampProblem(form.get("stamp") ?? undefined, options.secret, options.now);
  if (stamp) return stamp;
  if (options.turnstile && !(await options.turnstile(form.get("cf-turnstile-response") ?? ""))) return "turnstile";
  return undefined;
}

/**
 * What a person types: no control characters (a message keeps its line breaks and tabs). They are
 * nobody's words, and each would take six bytes of the leads file.
 */
function plainText(text: string, lines: boolean): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(lines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]/g, lines ? "" : " ");
}

/** A number someone can call: 7 to 15 digits, written with spaces, dots, dashes, brackets or a leading +. */
function isPhone(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, ""));
}

export interface LeadAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the visitor is told: `received` (a person's or a robot's, alike), `invalid` fields, or
 * `limited` (too many posts). A browser without the form's script is sent to `targets`, the site's
 * own pages (lead-pages.ts), never to a place the post named.
 */
export function leadAnswer(
  outcome: { kind: "received" | "invalid"; lead: JudgedLead; targets: LeadTargets } | { kind: "limited" } | { kind: "failed" },
  acceptsJson: boolean,
  words: (lang: string) => LeadWords,
): LeadAnswer {
  const json = (status: number, value: unknown): LeadAnswer => ({ status, headers: { "content-type": "application/json", "cache-control": "no-store" }, body: JSON.stringify(value) });
  const text = (status: number, message: string): LeadAnswer => ({ status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }, body: `${message}\n` });
  const redirect = (location: string): LeadAnswer => ({ status: 303, headers: { location, "cache-control": "no-store" }, body: "" });
  if (outcome.kind === "limited") return acceptsJson ? json(429, { ok: false, errors: {} }) : text(429, "Too many requests from this address; please call us or try again in a minute.");
  if (outcome.kind === "failed") return acceptsJson ? json(503, { ok: false, errors: {} }) : text(503, "The request could not be taken just now; please call us or try again.");
  const { fields, errors } = outcome.lead;
  if (outcome.kind === "received") return acceptsJson ? json(200, { ok: true }) : redirect(outcome.targets.thanks);
  if (acceptsJson) {
    const said = words(fields.lang);
    return json(422, { ok: false, errors: Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, said[error]])) });
  }
  return redirect(`${outcome.targets.page}?lead=invalid#callback-request`);
}

/** Whether a request's Accept asks for JSON (the form's script does). */
export function acceptsJson(accept: string | null | undefined): boolean {
  return /\bapplication\/json\b/i.test(accept ?? "");
}
