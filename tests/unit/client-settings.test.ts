import { describe, expect, it } from "vitest";
import { SETTINGS_PLACEHOLDER, withClientSettings, type ClientSettings } from "../../src/assets/client-settings.ts";
import { nameByContent } from "../../src/assets/build-scripts.ts";

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

  it("keeps the name of a chunk imported on use that reads no settings, in every language, and follows one that does", () => {
    const files = (entry: string, chunk: string) => ({
      files: [
        { path: "assets/site.aaaaaaaaaa.js", data: Buffer.from(entry) },
        { path: "assets/lead-form.ABCDEFGHij.js", data: Buffer.from(chunk) },
      ],
      src: "/assets/site.aaaaaaaaaa.js",
      bundles: { sections: "/assets/site.aaaaaaaaaa.js" },
    });
    const entry = `JSON.parse("${SETTINGS_PLACEHOLDER}");import("./lead-form.ABCDEFGHij.js")`;
    const english = withClientSettings(files(entry, "export const a=1"), settings);
    const spanish = withClientSettings(files(entry, "export const a=1"), { ...settings, toast: "¡Listo!" });
    expect(english.files[1]).toEqual({ path: "assets/lead-form.ABCDEFGHij.js", data: Buffer.from("export const a=1") });
    expect(spanish.files[1]!.path).toBe("assets/lead-form.ABCDEFGHij.js");
    expect(english.src).not.toBe(spanish.src);
    expect(english.bundles.sections).toBe(english.src);

    // A chunk that reads them (a project's own templates/client) is renamed, and the bundle imports it by its new name.
    const reading = withClientSettings(files(entry, `export const s=JSON.parse("${SETTINGS_PLACEHOLDER}")`), settings);
    const chunk = reading.files.find((file) => file.path.startsWith("assets/lead-form.") && file.path !== "assets/lead-form.ABCDEFGHij.js")!;
    expect(chunk.path).toMatch(/^assets\/lead-form\.[A-Za-z0-9]{10}\.js$/);
    const bundle = reading.files.find((file) => `/${file.path}` === reading.src)!;
    expect(Buffer.from(bundle.data as Uint8Array).toString("utf8")).toContain(`import("./${chunk.path.slice("assets/".length)}")`);
    expect(reading.src).toMatch(/^\/assets\/site\.[A-Za-z0-9]{10}\.js$/);
    expect(reading.files).toHaveLength(2);
  });
});

describe("naming scripts after their content", () => {
  it("names what is imported first, and writes its new name into what imports it", () => {
    const named = nameByContent(
      [
        { path: "assets/main.js", code: 'import("./chunk-AB12.js")', rename: true },
        { path: "assets/chunk-AB12.js", code: "export const a = 1;", rename: true },
      ],
      (file) => (file === "assets/main.js" ? "site.js" : "chunk.js"),
    );
    expect(named[1]!.path).toMatch(/^assets\/chunk\.[\w-]{10}\.js$/);
    expect(named[0]!.code).toBe(`import("./${named[1]!.path.slice("assets/".length)}")`);
  });

  it("refuses scripts that import each other: neither could be named after the other", () => {
    const files = [
      { path: "assets/a.js", code: 'import("./b.js")', rename: true },
      { path: "assets/b.js", code: 'import("./a.js")', rename: true },
    ];
    expect(() => nameByContent(files, (file) => file)).toThrow("a.js, b.js import each other");
  });
});
