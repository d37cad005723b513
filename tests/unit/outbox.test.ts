import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RefusedError, startDelivery } from "../../src/leads/delivery.ts";
import type { LeadFields } from "../../src/leads/lead-form.ts";
import { openOutbox, OutboxFullError, type LeadRecord } from "../../src/leads/outbox.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-outbox-");
const fields = (name: string): LeadFields => ({ name, phone: "951 555 0100", town: "", service: "", message: "", lang: "en", page: "/", thanks: "/thank-you" });
const SMALL = { heldPerDay: 2_000, leadsPerMonth: 5_000, all: 6_000 };

describe("the outbox", () => {
  it("keeps robots' posts apart, held, and only up to a day's cap; a person's request past the caps is refused", async () => {
    const dir = folder();
    const outbox = await openOutbox(dir, { channels: ["email"], limits: SMALL });
    let held = 0;
    for (let index = 0; index < 40; index++) if (await outbox.add(fields(`robot ${index}`), ["email"], { spam: "honeypot" })) held++;
    expect(held).toBeGreaterThan(5);
    expect(held).toBeLessThan(40);
    expect(readdirSync(dir).filter((name) => name.startsWith("held-"))).toHaveLength(1);
    let taken = 0;
    await expect(
      (async () => {
        for (;;) {
          await outbox.add(fields(`person ${taken}`), ["email"]);
          taken++;
        }
      })(),
    ).rejects.toThrow(OutboxFullError);
    expect(taken).toBeGreaterThan(5);
    // Robots' files were removed first, to make room for people's requests.
    expect(readdirSync(dir).filter((name) => name.startsWith("held-"))).toHaveLength(0);
    expect((await outbox.pending()).map((pending) => pending.lead.fields.name)).toHaveLength(taken);
  });

  it("knows a spent stamp after a restart, and leaves a stamp to the person's next try when a post was not kept or held for the limit", async () => {
    const dir = folder();
    const first = await openOutbox(dir);
    expect(first.reserve("1.a.b")).toBe(true);
    expect(first.reserve("1.a.b")).toBe(false);
    await first.add(fields("Ana"), ["email"], { stamp: "1.a.b" });
    await first.add(fields("Robot"), ["email"], { spam: "stamp too fresh", stamp: "2.a.b" });
    await first.add(fields("Past the limit"), ["email"], { spam: "limit", stamp: "3.a.b" });
    expect([first.isSpent("1.a.b"), first.isSpent("2.a.b"), first.isSpent("3.a.b")]).toEqual([true, true, false]);
    // A post that could not be kept gives its stamp back.
    expect(first.reserve("4.a.b")).toBe(true);
    first.release("4.a.b");
    expect(first.reserve("4.a.b")).toBe(true);
    const again = await openOutbox(dir);
    expect([again.isSpent("1.a.b"), again.isSpent("2.a.b"), again.isSpent("3.a.b"), again.reserve("3.a.b")]).toEqual([true, true, false, true]);
  });

  it("skips a record of the wrong shape instead of stopping delivery", async () => {
    const dir = folder();
    const at = new Date().toISOString();
    appendFileSync(path.join(dir, `leads-${at.slice(0, 7)}.jsonl`), `{"type":"lead","id":"x","at":"${at}","fields":{}}\n{"type":"lead","id":"y","at":"${at}","fields":${JSON.stringify(fields("Fine"))},"deliver":["email"]}\n`);
    const outbox = await openOutbox(dir);
    expect((await outbox.pending()).map((pending) => pending.lead.id)).toEqual(["y"]);
  });

  it("finds a lead released by another process (gopher-site leads release) without reading the files again", async () => {
    const dir = folder();
    const outbox = await openOutbox(dir, { channels: ["email", "webhook"] });
    expect(await outbox.pending()).toEqual([]);
    const released: LeadRecord = { type: "lead", id: "held-1", at: new Date().toISOString(), fields: fields("Held by mistake"), deliver: [], spam: "stamp too fresh", released: new Date().toISOString() };
    const file = path.join(dir, `leads-${released.at.slice(0, 7)}.jsonl`);
    appendFileSync(file, `${JSON.stringify(released)}\n{"type":"lead","id":"cut`);
    expect((await outbox.pending()).map(({ lead, channel }) => `${lead.id} ${channel}`)).toEqual(["held-1 email", "held-1 webhook"]);
    await outbox.delivered("held-1", "email");
    expect((await outbox.pending()).map(({ lead, channel }) => `${lead.id} ${channel}`)).toEqual(["held-1 webhook"]);
  });
});

describe("delivery", () => {
  it("never holds the other leads for one hung send, and stops within its wait", async () => {
    const dir = folder();
    const outbox = await openOutbox(dir, { channels: ["email"] });
    await outbox.add(fields("Hangs"), ["email"]);
    await outbox.add(fields("Goes"), ["email"]);
    const sent: string[] = [];
    const delivery = startDelivery({
      outbox,
      retryMs: 60_000,
      maxRetryMs: 60_000,
      send: { email: (lead) => (lead.fields.name === "Hangs" ? new Promise<void>(() => {}) : (sent.push(lead.fields.name), Promise.resolve())) },
    });
    await expect.poll(() => sent, { timeout: 5_000 }).toEqual(["Goes"]);
    const started = Date.now();
    await delivery.close(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await outbox.pending()).map((pending) => pending.lead.fields.name)).toEqual(["Hangs"]);
  });

  it("marks a lead failed after the mail server refused it three times, and says so", async () => {
    const dir = folder();
    const outbox = await openOutbox(dir, { channels: ["email"] });
    const lead = await outbox.add(fields("Refused"), ["email"]);
    let tries = 0;
    const given: string[] = [];
    const delivery = startDelivery({
      outbox,
      retryMs: 5,
      maxRetryMs: 5,
      send: {
        email: async () => {
          tries++;
          throw new RefusedError("550 no such mailbox");
        },
      },
      onGiveUp: (_lead, channel, reason) => given.push(`${channel}: ${reason}`),
    });
    await expect.poll(() => given, { timeout: 5_000 }).toEqual(["email: 550 no such mailbox"]);
    await delivery.close();
    expect(tries).toBe(3);
    expect(await outbox.pending()).toEqual([]);
    const records = readFileSync(path.join(dir, `leads-${lead!.at.slice(0, 7)}.jsonl`), "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(records.at(-1)).toMatchObject({ type: "failed", id: lead!.id, via: "email", reason: "550 no such mailbox" });
  });

  it("sends a lead once in a process when its delivered line cannot be written, and says what happened", async () => {
    const dir = folder();
    const outbox = await openOutbox(dir, { channels: ["email"] });
    await outbox.add(fields("Disk full"), ["email"]);
    // As a full disk would: the delivered line cannot be written.
    const full = { ...outbox, delivered: () => Promise.reject(new Error("ENOSPC: no space left on device")) };
    let sends = 0;
    const said: string[] = [];
    const delivery = startDelivery({
      outbox: full,
      retryMs: 5,
      maxRetryMs: 5,
      pollMs: 5,
      send: { email: async () => void sends++ },
      onRecordFailed: (_lead, channel, what) => said.push(`${what} by ${channel}`),
    });
    await expect.poll(() => said, { timeout: 5_000 }).toEqual(["delivered by email"]);
    // Passes go on (pollMs), and none sends it again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await delivery.close();
    expect(sends).toBe(1);
  });
});
