import { describe, expect, it } from "vitest";
import { judgeLead, leadAnswer, type LeadWords } from "../../src/leads/lead-form.ts";
import { isPagePath, leadTargets, type LeadPages } from "../../src/leads/lead-pages.ts";
import { rateLimiter } from "../../src/leads/rate-limit.ts";
import { fillStamps, makeStamp, stampProblem } from "../../src/leads/stamp.ts";

const SECRET = "unit-secret";
const NOW = 1_800_000_000_000;
const words = (): LeadWords => ({ required: "Required.", phone: "Not a phone number." });
const body = (fields: Record<string, string>) => new URLSearchParams({ name: "Ana", phone: "+1 (951) 555-0100", lang: "en", page: "/a", thanks: "/thank-you", ...fields }).toString();

describe("the form's stamp", () => {
  it("is a person's between 3 s and 24 h after it was made, with our signature only", async () => {
    const stamp = await makeStamp(SECRET, NOW);
    expect(await stampProblem(stamp, SECRET, NOW + 3_000)).toBeUndefined();
    expect(await stampProblem(stamp, SECRET, NOW + 2_999)).toBe("stamp too fresh");
    expect(await stampProblem(stamp, SECRET, NOW + 24 * 3600_000 + 1)).toBe("stamp expired");
    expect(await stampProblem(stamp, "another secret", NOW + 5_000)).toBe("stamp invalid");
    expect(await stampProblem(stamp.replace(/^\d/, "9"), SECRET, NOW + 5_000)).toBe("stamp invalid");
    expect(await stampProblem("", SECRET, NOW)).toBe("stamp missing");
  });

  it("is filled into every empty stamp field of a page, and nothing else is changed", async () => {
    const html = '<input name="stamp" value=""><input value="" type="hidden" name="stamp"/><input name="stamp" value="kept"><input name="phone" value="">';
    const filled = await fillStamps(html, SECRET, NOW);
    const stamp = /value="(\d[^"]+)"/.exec(filled)![1]!;
    expect(filled).toBe(`<input name="stamp" value="${stamp}"><input value="${stamp}" type="hidden" name="stamp"/><input name="stamp" value="kept"><input name="phone" value="">`);
    expect(await stampProblem(stamp, SECRET, NOW + 5_000)).toBeUndefined();
  });

  it("differs for two pages sent in one millisecond", async () => {
    const [one, two] = await Promise.all([makeStamp(SECRET, NOW), makeStamp(SECRET, NOW)]);
    expect(one).not.toBe(two);
    expect(one).toMatch(/^1800000000000\.[0-9a-f]{12}\.[0-9a-f]{64}$/);
  });
});

describe("a posted form", () => {
  const stamp = () => makeStamp(SECRET, NOW - 5_000);

  it("needs a name and a number someone can call", async () => {
    expect((await judgeLead(body({ stamp: await stamp() }), { secret: SECRET, now: NOW })).errors).toEqual({});
    expect((await judgeLead(body({ name: " ", phone: "555-01" }), { secret: SECRET, now: NOW })).errors).toEqual({ name: "required", phone: "phone" });
    expect((await judgeLead(body({ phone: "call me at 9515550100" }), { secret: SECRET, now: NOW })).errors).toEqual({ phone: "phone" });
  });

  it("is a robot's when the honeypot is filled or Turnstile says no", async () => {
    expect((await judgeLead(body({ stamp: await stamp(), website: "x" }), { secret: SECRET, now: NOW })).spam).toBe("honeypot");
    const turnstile = async (token: string) => token === "good";
    expect((await judgeLead(body({ stamp: await stamp(), "cf-turnstile-response": "bad" }), { secret: SECRET, now: NOW, turnstile })).spam).toBe("turnstile");
    expect((await judgeLead(body({ stamp: await stamp(), "cf-turnstile-response": "good" }), { secret: SECRET, now: NOW, turnstile })).spam).toBeUndefined();
  });

  it("is answered as the contract says, never sending the visitor to another site", async () => {
    const lead = await judgeLead(body({ name: "", thanks: "//evil.example" }), { secret: SECRET, now: NOW });
    const targets = await leadTargets(lead.fields, PAGES);
    expect(leadAnswer({ kind: "invalid", lead, targets }, true, words)).toMatchObject({ status: 422, body: '{"ok":false,"errors":{"name":"Required."}}' });
    expect(leadAnswer({ kind: "invalid", lead, targets }, false, words)).toMatchObject({ status: 303, headers: { location: "/a?lead=invalid#callback-request" } });
    expect(leadAnswer({ kind: "received", lead, targets }, false, words).headers.location).toBe("/thank-you");
    expect(leadAnswer({ kind: "limited" }, true, words)).toMatchObject({ status: 429, body: '{"ok":false,"errors":{}}' });
  });

  it("keeps each field to the form's length, so a post is a few KB whatever is sent", async () => {
    const lead = await judgeLead(body({ name: "x".repeat(60_000), message: "y".repeat(60_000) }), { secret: SECRET, now: NOW });
    expect([lead.fields.name.length, lead.fields.message.length]).toEqual([200, 2000]);
  });
});

const PAGES: LeadPages = {
  languages: { en: { home: "/", thankYou: "/thank-you" }, es: { home: "/es", thankYou: "/es/gracias" } },
  has: async (pagePath) => ["/", "/a", "/es", "/es/gracias", "/thank-you", "/es/control-de-tuzas"].includes(pagePath),
};

describe("where an answer sends the visitor", () => {
  it("is a thank-you page or a page of the site the post came from, whatever the post names", async () => {
    const target = (fields: Record<string, string>) => leadTargets({ lang: "en", page: "/a", thanks: "/thank-you", ...fields }, PAGES);
    expect(await target({})).toEqual({ thanks: "/thank-you", page: "/a" });
    expect(await target({ lang: "es", page: "/es/control-de-tuzas", thanks: "/es/gracias" })).toEqual({ thanks: "/es/gracias", page: "/es/control-de-tuzas" });
    // The crash requests of issue 32, and other sites: the language's own pages instead.
    expect(await target({ thanks: "/\u0001", page: "/\u20ac" })).toEqual({ thanks: "/thank-you", page: "/" });
    expect(await target({ lang: "es", thanks: "https://evil.example", page: "//evil.example" })).toEqual({ thanks: "/es/gracias", page: "/es" });
    expect(await target({ lang: "xx", thanks: "/nope", page: "/no-such-page" })).toEqual({ thanks: "/thank-you", page: "/" });
    expect(await target({ page: "/a\r\nSet-Cookie: x=1" })).toEqual({ thanks: "/thank-you", page: "/" });
  });

  it("is written only with characters any header carries", () => {
    expect(["/", "/es/gracias", "/about/", "/blog/why-traps.html"].every(isPagePath)).toBe(true);
    expect(["", "a", "//x", "/\\x", "/€", "/a b", "/a\u0001", "/../etc", "/a/./b", "/x?y", "/x#y"].some(isPagePath)).toBe(false);
  });
});

describe("the rate limit", () => {
  it("takes five posts a minute from one visitor, counts the refused ones too, and forgets them a minute after the last", () => {
    const posted = rateLimiter(5, 60_000);
    const counts = [0, 1, 2, 3, 4, 5, 6].map((second) => posted("10.0.0.1", NOW + second * 1000));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(posted("10.0.0.2", NOW + 6_000)).toBe(1);
    // A minute after the first posts, the refused ones still count: a flood stays limited while it lasts.
    expect(posted("10.0.0.1", NOW + 60_001)).toBeGreaterThan(5);
    expect(posted("10.0.0.1", NOW + 125_000)).toBe(1);
  });

  it("forgets the visitors quiet for a window however many there were", () => {
    const posted = rateLimiter(5, 60_000);
    for (let index = 0; index < 50_000; index++) posted(`2001:db8:${index.toString(16)}::/64`, NOW);
    expect(posted("2001:db8:0::/64", NOW + 1_000)).toBe(2);
    // A window later each old visitor is forgotten at the next post, from the longest quiet on.
    expect(posted("10.0.0.9", NOW + 61_001)).toBe(1);
    expect(posted("2001:db8:1::/64", NOW + 61_002)).toBe(1);
  });
});
