import type { Channel, LeadRecord, Outbox } from "./outbox.ts";

export interface DeliveryOptions {
  outbox: Outbox;
  /** Sends a lead one way; rejects when it was not delivered. */
  send: Partial<Record<Channel, (lead: LeadRecord) => Promise<void>>>;
  /** The first retry's wait; each next one doubles, up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
  /** Told of each failed attempt (the lead stays in the outbox). */
  onFailure?: (lead: LeadRecord, channel: Channel, error: unknown, retryInMs: number) => void;
}

export interface Delivery {
  /** Delivers what is pending now (a lead just added) instead of at the next retry. */
  nudge(): void;
  /** Resolves when nothing is being sent. */
  close(): Promise<void>;
}

/**
 * Delivers the outbox's pending leads, read from its files (so a restart picks up where the last
 * process stopped), retrying each failed one with exponential back-off until it is delivered.
 */
export function startDelivery(options: DeliveryOptions): Delivery {
  const failures = new Map<string, { count: number; nextAt: number }>();
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    for (const { lead, channel } of await options.outbox.pending()) {
      const key = `${lead.id} ${channel}`;
      const failed = failures.get(key);
      const send = options.send[channel];
      if (closed || !send || (failed && failed.nextAt > Date.now())) continue;
      try {
        await send(lead);
        failures.delete(key);
        await options.outbox.delivered(lead.id, channel);
      } catch (error) {
        const count = (failed?.count ?? 0) + 1;
        const wait = Math.min(options.retryMs * 2 ** (count - 1), options.maxRetryMs);
        failures.set(key, { count, nextAt: Date.now() + wait });
        options.onFailure?.(lead, channel, error, wait);
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    if (closed || failures.size === 0) return;
    const next = Math.min(...[...failures.values()].map((failure) => failure.nextAt));
    timer = setTimeout(run, Math.max(0, next - Date.now()));
  };
  function run(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        } else schedule();
      });
  }
  run();
  return {
    nudge: run,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
