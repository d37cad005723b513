import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

const EVIL_COMPANY = `Acme "Gophers" & Sons <script>alert('company')</script>`;
const EVIL_CITY = `Temecula</title><script>alert("city")</script><!--`;
let dir: string;
let pages: Array<{ file: string; html: string }>;
/** The pages the site has with its own names: each is still built with the evil ones. */
let expected: string[];

beforeAll(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
  expected = (await buildProject(dir, { write: false })).pages.map((page) => page.outFile).sort();
  const yaml = await readFile(path.join(dir, "site.yaml"), "utf8");
  await writeFile(
    path.join(dir, "site.yaml"),
    yaml.replace("  name: Gopher Guard Family Trapping\n", `  name: ${JSON.stringify(EVIL_COMPANY)}\n`).replace("  - name: Temecula\n", `  - name: ${JSON.stringify(EVIL_CITY)}\n`),
  );
  await buildProject(dir);
  const dist = path.join(dir, "dist");
  const files = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith(".html"));
  pages = await Promise.all(files.map(async (file) => ({ file, html: await readFile(path.join(dist, file), "utf8") })));
}, 60_000);
afterAll(() => removeDir(dir));

describe("text from site.yaml never becomes markup", () => {
  it("renders a <script> in the company or a city name as text in HTML, attributes and the modal", () => {
    expect(pages.map((page) => page.file).sort()).toEqual(expected);
    expect(expected).toContain("temecula-gopher-control.html");
    for (const { file, html } of pages) {
      expect(html, file).not.toContain("<script>alert");
      expect(html, file).not.toContain("</title><script>");
      // Only our own scripts: the module bundle and JSON-LD data blocks.
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag, file).toMatch(/type="(module|application\/ld\+json)"/);
    }
    const home = pages.find((page) => page.file === "index.html")!.html;
    expect(home).toContain("Acme &quot;Gophers&quot; &amp; Sons &lt;script&gt;alert(&#x27;company&#x27;)&lt;/script&gt;");
    const temecula = pages.find((page) => page.file === "temecula-gopher-control.html")!.html;
    expect(temecula).toContain("<h1>Poison-Free Gopher Control in Temecula&lt;/title&gt;&lt;script&gt;alert(&quot;city&quot;)&lt;/script&gt;&lt;!--, CA");
  });

  it("keeps JSON-LD blocks closed and parseable, with the names intact", () => {
    const strings = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === "string") strings.add(value);
      else if (value && typeof value === "object") Object.values(value).forEach(collect);
    };
    let blocks = 0;
    for (const { file, html } of pages) {
      for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        blocks++;
        expect(json, file).not.toMatch(/<\/?script/i);
        expect(() => collect(JSON.parse(json!)), file).not.toThrow();
      }
    }
    expect(blocks).toBeGreaterThan(0);
    expect(strings).toContain(EVIL_COMPANY);
    expect([...strings].some((text) => text.includes(EVIL_CITY))).toBe(true);
  });
});
