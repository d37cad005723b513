import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadFields } from "../../src/leads/lead-form.ts";
import { postLead, WebhookAnswerError, webhookSender } from "../../src/leads/webhook.ts";

// A loopback webhook: answers each post with `answer`'s status (or never, for `hang`), keeping what it was sent.
let server: Server;
let url: string;
let answer: number | "hang" = 200;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (answer !== "hang") response.writeHead(answer).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fields: LeadFields = { name: "Ana Díaz", phone: "951-555-0100", town: "Menifee", service: "", message: "Gophers\nin the lawn", lang: "en", page: "/", thanks: "/thank-you" };
const lead = { id: "0b8e5f3c-6a43-4c5e-9d1a-2f0d8a1b7c11", at: "2026-11-02T10:00:00.000Z", fields };

describe("posting a lead to the webhook", () => {
  it("sends { id, at, ...fields } as JSON, the lead's id as its Idempotency-Key", async () => {
    answer = 200;
    received.length = 0;
    await postLead(url, lead);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers["content-type"]).toBe("application/json");
    expect(received[0]!.headers["idempotency-key"]).toBe(lead.id);
    expect(JSON.parse(received[0]!.body)).toEqual({ id: lead.id, at: lead.at, ...fields });
  });

  it("throws on an answer other than 2xx, its status kept, and a 4xx but 408 and 429 taken as refused for good", async () => {
    for (const [status, refused] of [[500, false], [503, false], [400, true], [410, true], [408, false], [429, false]] as const) {
      answer = status;
      const error = await postLead(url, lead).then(() => undefined, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(WebhookAnswerError);
      expect([(error as WebhookAnswerError).message, (error as WebhookAnswerError).status, (error as WebhookAnswerError).refused]).toEqual([`the webhook answered ${status}`, status, refused]);
    }
  });

  it("gives up on a webhook that does not answer in time", async () => {
    answer = "hang";
    const started = Date.now();
    await expect(postLead(url, lead, 300)).rejects.toThrow(/aborted|timeout/i);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("is serve's sender too: a kept lead is posted with its id, time and fields only", async () => {
    answer = 201;
    received.length = 0;
    await webhookSender(url)({ type: "lead", ...lead, deliver: ["webhook"] });
    expect(JSON.parse(received[0]!.body)).toEqual({ id: lead.id, at: lead.at, ...fields });
    expect(received[0]!.headers["idempotency-key"]).toBe(lead.id);
  });
});
