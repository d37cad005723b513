import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewMarkdown } from "../../src/editor/markdown-preview.ts";
import { formatProblem } from "../../src/errors.ts";
import { problemLinesAsync } from "../helpers/problems.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

let dir: string;
/** An article of the fixture (content/blog/<name>), one its Spanish translation has too. */
let article: string;

beforeAll(async () => {
  dir = await copyFixture("small");
  const translated = new Set(await readdir(path.join(dir, "content", "es", "blog")));
  const articles = (await readdir(path.join(dir, "content", "blog"))).filter((name) => name.endsWith(".md") && translated.has(name));
  expect(articles).not.toEqual([]);
  article = articles[0]!;
});

afterAll(async () => {
  if (dir) await removeDir(dir);
});

const lines = (preview: { problems: Parameters<typeof formatProblem>[0][] }) => preview.problems.map(formatProblem);

/** The text after a markdown file's front matter, as the editor holds it. */
async function bodyOf(file: string): Promise<string> {
  const text = await readFile(path.join(dir, file), "utf8");
  return text.slice(text.indexOf("\n---\n") + 5);
}

describe("the editor's markdown preview (the build's own conversion)", () => {
  it("fills placeholders with the site's facts and renders links and pictures as the build does", async () => {
    const body = "Call {phone} today: setup is {setupPrice}.\n\nSee [our service](/residential-gopher-control) and ![A mound](/images/mound.jpg \"Mound\").\n";
    const preview = await previewMarkdown(dir, `content/blog/${article}`, body);
    expect(preview).toEqual({
      html: '<p>Call (951) 555-0142 today: setup is $295.</p>\n<p>See <a href="/residential-gopher-control">our service</a> and <img src="/images/mound.jpg" alt="A mound" title="Mound">.</p>\n',
      problems: [],
    });
  });

  it("reports raw HTML as the build reports it, at the same lines, and passes none of it on", async () => {
    const file = `content/blog/${article}`;
    const text = await readFile(path.join(dir, file), "utf8");
    // The article names {reviewClaim}: the preview fills it as the build does (not a problem of its own).
    expect(text).toContain("{reviewClaim}");
    await writeFile(path.join(dir, file), `${text}\n<meta http-equiv="refresh" content="0;url=https://example.com/">\n\nA picture: <img src=x onerror="alert(1)">\n`);
    const built = (await problemLinesAsync(() => buildProject(dir, { write: false, displayFrom: dir }))).filter((line) => line.startsWith(file));
    const preview = await previewMarkdown(dir, file, await bodyOf(file));
    expect(built).toHaveLength(2);
    expect(lines(preview)).toEqual(built);
    expect(preview.html).toBe("");
    await writeFile(path.join(dir, file), text);
  });

  it("refuses a link the build refuses, with the text's line", async () => {
    const preview = await previewMarkdown(dir, "content/blog/new-one.md", "Fine.\n\n[Click](javascript:alert(1))\n");
    expect(lines(preview)).toEqual(['content/blog/new-one.md:3  link "javascript:alert(1)" must start with https://, mailto:, tel:, / or #']);
    expect(preview.html).toBe("");
  });

  it("fills {reviewClaim} with the default language's chrome.yaml words, as the build does", async () => {
    const site = await readFile(path.join(dir, "site.yaml"), "utf8");
    const count = /^  count: (\d+)$/m.exec(site)![1];
    const stars = /^  stars: ([\d.]+)$/m.exec(site)![1];
    const preview = await previewMarkdown(dir, "content/blog/new-one.md", "Read our {reviewClaim}.");
    expect(preview).toEqual({ html: `<p>Read our ${count}+ ${stars}-Star Reviews.</p>\n`, problems: [] });
  });

  it("fills a translation's placeholders with its language's facts: its prices, licence labels and words", async () => {
    const preview = await previewMarkdown(dir, `content/es/blog/${article}`, "{setupPrice}, {businessLicense}, {trapWindow}.");
    const money = new Intl.NumberFormat("es-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(295);
    expect(preview.problems).toEqual([]);
    expect(preview.html).toMatch(new RegExp(`^<p>${money.replace("$", "\\$")}, Licencia Comercial #[^,<]+, 24–48 horas\\.</p>\\n$`));
  });

  it("keeps a legal page's `::: if` blocks as site.yaml decides, and reports an unknown condition", async () => {
    const kept = await previewMarkdown(dir, "content/legal/privacy-policy.md", "::: if advertising\nWe run ads.\n:::\n::: if not advertising\nNo ads.\n:::\n");
    expect(kept).toEqual({ html: "<p>We run ads.</p>\n", problems: [] });
    const unknown = await previewMarkdown(dir, "content/legal/new-page.md", "Intro.\n::: if weather\nSunny.\n:::\n");
    expect(lines(unknown)).toEqual(['content/legal/new-page.md:2  unknown condition "weather"; known: advertising, analytics, leadForm, ownForm, ownFormCloudflare, ownFormNetlify, ownFormServer, ownFormTurnstile']);
  });

  it("names an unknown placeholder with the facts the site knows", async () => {
    const preview = await previewMarkdown(dir, "content/blog/new-one.md", "Call {fone}.");
    expect(lines(preview)).toHaveLength(1);
    expect(lines(preview)[0]).toMatch(/^content\/blog\/new-one\.md:1:6  unknown placeholder \{fone\}; did you mean \{phone\}\? Known: \{phone\}, /);
  });

  it("says what is wrong with site.yaml when the facts cannot be read", async () => {
    const config = path.join(dir, "site.yaml");
    const text = await readFile(config, "utf8");
    await writeFile(config, text.replace(/^email: .*$/m, "email: office-at-example"));
    const preview = await previewMarkdown(dir, "content/blog/new-one.md", "Call {phone}.");
    await writeFile(config, text);
    expect(lines(preview)).toEqual([expect.stringMatching(/^site\.yaml:\d+:8  email  must be an e-mail address/)]);
    expect(preview.html).toBe("");
  });

  it("previews only articles and legal pages", async () => {
    await expect(previewMarkdown(dir, "content/../site.yaml", "x")).rejects.toThrow("is not an article or a legal page");
    await expect(previewMarkdown(dir, "content/faq.yaml", "x")).rejects.toThrow("is not an article or a legal page");
  });
});
