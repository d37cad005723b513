import type { Channel, LeadRecord, Outbox } from "./outbox.ts";

/** A send the receiving end refused for good (a mail server's 5xx, a webhook's 4xx): tried a few times, then given up. */
export class RefusedError extends Error {}

export interface DeliveryOptions {
  outbox: Outbox;
  /** Sends a lead one way; rejects when it was not delivered (with RefusedError when it never will be). */
  send: Partial<Record<Channel, (lead: LeadRecord) => Promise<void>>>;
  /** The first retry's wait; each next one doubles, up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** Refusals of one lead by one channel before it is marked failed. */
  maxRefusals?: number;
  /** A send still going after this long counts as failed (and is retried): one hung send never holds the rest. */
  sendTimeoutMs?: number;
  /** How often the outbox is looked at for leads released meanwhile (`gopher-site leads release`). */
  pollMs?: number;
  /** Sends at once. */
  concurrency?: number;
  /** Told of each failed attempt (the lead stays in the outbox). */
  onFailure?: (lead: LeadRecord, channel: Channel, error: unknown, retryInMs: number) => void;
  /** Told when a lead is given up on a channel (marked failed in the outbox). */
  onGiveUp?: (lead: LeadRecord, channel: Channel, reason: string) => void;
  /** Told when the outbox could not record what happened (the lead was sent, or refused, all the same). */
  onRecordFailed?: (lead: LeadRecord, channel: Channel, what: "delivered" | "failed", error: unknown) => void;
}

export interface Delivery {
  /** Delivers what is pending now (a lead just added) instead of at the next retry. */
  nudge(): void;
  /** Stops; resolves when nothing is being sent, or after `waitMs` (what was not sent stays in the outbox). */
  close(waitMs?: number): Promise<void>;
}

/**
 * Delivers the outbox's pending leads (so a restart picks up where the last process stopped), each
 * send on its own with a deadline, retrying each failed one with exponential back-off until it is
 * delivered or refused for good a few times.
 */
export function startDelivery(options: DeliveryOptions): Delivery {
  const maxRefusals = options.maxRefusals ?? 3;
  const sendTimeoutMs = options.sendTimeoutMs ?? 90_000;
  const concurrency = options.concurrency ?? 4;
  const failures = new Map<string, { count: number; refusals: number; nextAt: number }>();
  // Sent, or given up, in this process: never sent again by it, even when the outbox could not record it.
  const done = new Set<string>();
  const sending = new Map<string, Promise<void>>();
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  let again = false;

  const attempt = async (lead: LeadRecord, channel: Channel, send: (lead: LeadRecord) => Promise<void>) => {
    const key = `${lead.id} ${channel}`;
    const failed = failures.get(key);
    try {
      await withDeadline(send(lead), sendTimeoutMs);
    } catch (error) {
      const count = (failed?.count ?? 0) + 1;
      const refusals = (failed?.refusals ?? 0) + (error instanceof RefusedError ? 1 : 0);
      if (refusals >= maxRefusals) {
        failures.delete(key);
        done.add(key);
        const reason = error instanceof Error ? error.message : String(error);
        options.onGiveUp?.(lead, channel, reason);
        await options.outbox.failed(lead.id, channel, reason).catch((recordError: unknown) => options.onRecordFailed?.(lead, channel, "failed", recordError));
        return;
      }
      const wait = Math.min(options.retryMs * 2 ** (count - 1), options.maxRetryMs);
      failures.set(key, { count, refusals, nextAt: Date.now() + wait });
      options.onFailure?.(lead, channel, error, wait);
      return;
    }
    failures.delete(key);
    done.add(key);
    await options.outbox.delivered(lead.id, channel).catch((error: unknown) => options.onRecordFailed?.(lead, channel, "delivered", error));
  };

  const look = async () => {
    for (const { lead, channel } of await options.outbox.pending()) {
      const key = `${lead.id} ${channel}`;
      const send = options.send[channel];
      const failed = failures.get(key);
      if (closed || !send || done.has(key) || sending.has(key) || (failed && failed.nextAt > Date.now())) continue;
      if (sending.size >= concurrency) {
        again = true;
        break;
      }
      // A bug in what is told of an attempt must not end the process: the lead stays pending.
      const running = attempt(lead, channel, send)
        .catch(() => undefined)
        .finally(() => {
          sending.delete(key);
          run();
        });
      sending.set(key, running);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    if (closed) return;
    const retries = [...failures.values()].map((failure) => failure.nextAt);
    const next = Math.min(Date.now() + (options.pollMs ?? 30_000), ...retries);
    timer = setTimeout(run, Math.max(0, next - Date.now()));
    timer.unref();
  };
  function run(): void {
    if (closed) return;
    if (looking) {
      again = true;
      return;
    }
    looking = look()
      .catch(() => undefined)
      .finally(() => {
        looking = undefined;
        if (again) {
          again = false;
          if (sending.size < concurrency) return run();
        }
        schedule();
      });
  }
  run();
  return {
    nudge: run,
    async close(waitMs = 2_000) {
      closed = true;
      clearTimeout(timer);
      const idle = Promise.all([looking, ...sending.values()]).then(() => undefined);
      await Promise.race([idle, new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())]);
    },
  };
}

/** The promise, or a rejection once `ms` have passed. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
