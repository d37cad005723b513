import { describe, expect, it } from "vitest";
import { SETTINGS_PLACEHOLDER, withClientSettings, type ClientSettings } from "../../src/assets/client-settings.ts";

const settings: ClientSettings = {
  form: { url: "https://forms.example/f/1", id: "1", embedScript: "https://forms.example/embed.js", allowedOrigins: ["https://forms.example"] },
  toast: '✓ Got it! "Quotes", </script> and a line\u2028separator',
  analyticsId: "GTM-X",
};
const compiled = (code: string) => ({ files: [{ path: "assets/site.aaaaaaaaaa.js", data: Buffer.from(code) }], src: "/assets/site.aaaaaaaaaa.js" });

describe("withClientSettings", () => {
  it("writes the settings into the bundle as a string its JSON.parse reads back, and names the file after the result", () => {
    const result = withClientSettings(compiled(`const s=JSON.parse("${SETTINGS_PLACEHOLDER}");globalThis.out=s;`), settings);
    const code = Buffer.from(result.files[0]!.data as Uint8Array).toString("utf8");
    expect(code).not.toContain(SETTINGS_PLACEHOLDER);
    expect(code).not.toContain("\u2028");
    const scope: { out?: unknown } = {};
    new Function("globalThis", code)(scope);
    expect(scope.out).toEqual(settings);
    expect(result.src).toMatch(/^\/assets\/site\.[A-Za-z0-9]{10}\.js$/);
    expect(result.src).not.toBe("/assets/site.aaaaaaaaaa.js");
    expect(result.files[0]!.path).toBe(result.src.slice(1));
  });

  it("leaves scripts that read no settings as they are (a project's own older templates/client)", () => {
    const scripts = compiled("console.log(1)");
    expect(withClientSettings(scripts, settings)).toEqual(scripts);
  });
});
