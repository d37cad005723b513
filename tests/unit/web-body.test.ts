import { describe, expect, it } from "vitest";
import { dropBody, readLimitedText } from "../../src/leads/web-body.ts";

const LIMIT = 64 * 1024;

/** A body of 16 KB chunks without end, counting how many were pulled and whether it was cancelled. */
function endlessBody() {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled++;
      controller.enqueue(new Uint8Array(16 * 1024).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, seen };
}

const posted = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://site.test/api/lead", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("reading a posted body within a limit", () => {
  it("reads a form's body whole, as UTF-8", async () => {
    expect(await readLimitedText(posted("name=Ana+D%C3%ADaz&town=Ca%C3%B1on"), LIMIT)).toBe("name=Ana+D%C3%ADaz&town=Ca%C3%B1on");
    expect(await readLimitedText(posted(new TextEncoder().encode("message=señor")), LIMIT)).toBe("message=señor");
    expect(await readLimitedText(posted(null), LIMIT)).toBe("");
    expect(await readLimitedText(posted("a".repeat(LIMIT)), LIMIT)).toBe("a".repeat(LIMIT));
  });

  it("refuses a body whose Content-Length passes the limit before reading a byte of it", async () => {
    const { stream, seen } = endlessBody();
    expect(await readLimitedText(posted(stream, { "content-length": String(50 * 1024 * 1024) }), LIMIT)).toBeUndefined();
    expect(seen.pulled).toBe(0);
  });

  it("stops reading a body without a length once it passes the limit, and lets go of the rest", async () => {
    const { stream, seen } = endlessBody();
    expect(await readLimitedText(posted(stream), LIMIT)).toBeUndefined();
    expect(seen.pulled).toBeLessThanOrEqual(LIMIT / (16 * 1024) + 2);
    expect(seen.cancelled).toBe(true);
  });

  it("lets go of a body left unread, and of none that was read", async () => {
    const { stream, seen } = endlessBody();
    const request = posted(stream);
    await dropBody(request);
    expect([seen.cancelled, seen.pulled]).toEqual([true, 0]);
    const read = posted("name=Ana");
    await read.text();
    await expect(dropBody(read)).resolves.toBeUndefined();
  });
});
