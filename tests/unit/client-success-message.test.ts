import { describe, expect, it } from "vitest";
import { FORM_ID_KEYS, isSuccessMessage } from "../../templates/client/success-message.ts";

const ORIGINS = ["https://api.leadconnectorhq.com", "https://link.msgsndr.com", "https://link.gohighlevel.com", "https://msgsndr.com"];
const ID = "SAMPLEFORMID0000";
const ok = (data: unknown, origin = "https://link.msgsndr.com") => isSuccessMessage({ origin, data }, ORIGINS, ID);

describe("isSuccessMessage", () => {
  it.each(FORM_ID_KEYS)("accepts the form id under %s", (key) => {
    expect(ok({ [key]: ID })).toBe(true);
  });

  it("accepts each allowed origin", () => {
    for (const origin of ORIGINS) expect(ok({ formId: ID }, origin)).toBe(true);
  });

  it.each([
    ["a look-alike host", "https://link.msgsndr.com.evil.test"],
    ["a look-alike prefix", "https://evil-link.msgsndr.com"],
    ["a subdomain", "https://x.link.msgsndr.com"],
    ["http instead of https", "http://link.msgsndr.com"],
    ["another port", "https://link.msgsndr.com:8443"],
    ["a trailing slash", "https://link.msgsndr.com/"],
    ["another case", "https://LINK.msgsndr.com"],
    ["the opaque origin", "null"],
    ["an empty origin", ""],
    ["this site", "https://www.gopherguard.example.com"],
  ])("ignores %s (%s)", (_name, origin) => {
    expect(ok({ formId: ID }, origin)).toBe(false);
  });

  it("ignores a missing or non-string origin", () => {
    expect(isSuccessMessage({ data: { formId: ID } }, ORIGINS, ID)).toBe(false);
    expect(isSuccessMessage({ origin: ["https://link.msgsndr.com"], data: { formId: ID } }, ORIGINS, ID)).toBe(false);
  });

  it("ignores another form's id, an id of another type and a missing id", () => {
    expect(ok({ formId: "OTHERFORM" })).toBe(false);
    expect(ok({ formId: `${ID} ` })).toBe(false);
    expect(ok({ formId: [ID] })).toBe(false);
    expect(ok({ formId: { toString: () => ID } })).toBe(false);
    expect(ok({ form: ID, id: ID, formid: ID })).toBe(false);
    expect(ok({})).toBe(false);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a resize string", "resize:420"],
    ["a JSON string", JSON.stringify({ formId: ID })],
    ["the id as a string", ID],
    ["a number", 42],
    ["an array", [ID]],
    ["an array of a matching object", [{ formId: ID }]],
    ["an array with the key set", Object.assign([], { formId: ID })],
    ["a date", new Date()],
    ["a map", new Map([["formId", ID]])],
  ])("ignores %s as data, without throwing", (_name, data) => {
    expect(ok(data)).toBe(false);
  });

  it("ignores ids that are only inherited (prototype pollution shapes)", () => {
    expect(ok(JSON.parse(`{"__proto__": {"formId": "${ID}"}}`))).toBe(false);
    expect(ok(JSON.parse(`{"constructor": {"prototype": {"formId": "${ID}"}}}`))).toBe(false);
    expect(ok(Object.create({ formId: ID }))).toBe(false);
    // The payload did not pollute anything either.
    expect(({} as Record<string, unknown>).formId).toBeUndefined();
  });

  it("accepts a prototype-less object that owns the id", () => {
    expect(ok(Object.assign(Object.create(null), { iframeId: ID }))).toBe(true);
  });

  it("never throws on hostile objects", () => {
    const throwing = new Proxy({}, {
      get() {
        throw new Error("trap");
      },
      getOwnPropertyDescriptor() {
        throw new Error("trap");
      },
    });
    expect(ok(throwing)).toBe(false);
    const getter = Object.defineProperty({}, "formId", { enumerable: true, get: () => { throw new Error("getter"); } });
    expect(ok(getter)).toBe(false);
  });

  it("never matches when no form id is configured", () => {
    expect(isSuccessMessage({ origin: ORIGINS[0], data: { formId: "" } }, ORIGINS, "")).toBe(false);
  });
});
