import { afterEach, describe, expect, it } from "vitest";
import { findChromium, isLocalUrl } from "../helpers/browser.ts";

const saved = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe("finding a browser for the e2e tests", () => {
  it("fails, never skips, when CHROMIUM_PATH names nothing", async () => {
    process.env.CHROMIUM_PATH = "/nowhere/chromium";
    await expect(findChromium()).rejects.toThrowError("CHROMIUM_PATH is set to /nowhere/chromium, but no file is there.");
  });

  it("finds one without CHROMIUM_PATH (system Chromium, else the packaged one)", async () => {
    delete process.env.CHROMIUM_PATH;
    expect(await findChromium()).toMatch(/chrom/i);
  });

  it("lets only this machine's addresses through", () => {
    expect(isLocalUrl("http://127.0.0.1:4321/about")).toBe(true);
    expect(isLocalUrl("http://localhost/x")).toBe(true);
    expect(isLocalUrl("data:text/plain,x")).toBe(true);
    expect(isLocalUrl("https://link.msgsndr.com/js/form_embed.js")).toBe(false);
    expect(isLocalUrl("http://127.0.0.1.evil.test/")).toBe(false);
  });
});
