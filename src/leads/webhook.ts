import type { LeadRecord } from "./outbox.ts";

/**
 * The one way a lead is posted to a webhook, by `gopher-site serve` and the Cloudflare worker alike:
 * `{ id, at, ...fields }` as JSON, the lead's id as its `Idempotency-Key`, so a receiver that keeps
 * the keys it has seen takes a lead posted twice (a retry after a lost answer) once.
 */

/** What a webhook is told of a lead. */
export type WebhookLead = Pick<LeadRecord, "id" | "at" | "fields">;

/** A webhook that has not answered in this long is taken as down (and tried again later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The webhook answered, but not 2xx. */
export class WebhookAnswerError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`the webhook answered ${status}`);
    this.name = "WebhookAnswerError";
    this.status = status;
  }

  /** A 4xx but 408 and 429: the same lead posted again would be refused again. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Posts one lead to `url`; resolves once it answered 2xx, throws otherwise (never with the lead's fields in the message). */
export async function postLead(url: string, lead: WebhookLead, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": lead.id },
    body: JSON.stringify({ id: lead.id, at: lead.at, ...lead.fields }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw new WebhookAnswerError(response.status);
}

/** Posts leads as JSON to `url` (serve's outbox delivers with it). */
export function webhookSender(url: string): (lead: LeadRecord) => Promise<void> {
  return (lead) => postLead(url, lead);
}
