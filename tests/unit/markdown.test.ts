import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/content/markdown.ts";
import { convertMarkdown } from "../../src/content/markdown-convert.ts";

const facts = { company: "Acme <Gophers> & Sons", phone: "(951) 555-0142" };
const render = (body: string) => renderMarkdown({ file: "content/blog/x.md", body, firstLine: 10, facts, converted: convertMarkdown(body) });

describe("markdown rendering", () => {
  it("renders markdown and fills placeholders with escaped facts", () => {
    const { html, problems } = render("## Call {company}\n\nDial {phone} today.\n");
    expect(problems).toEqual([]);
    expect(html).toEqual(["<h2>Call Acme &#60;Gophers&#62; &#38; Sons</h2>\n<p>Dial (951) 555-0142 today.</p>\n"]);
  });

  it("refuses raw HTML, naming the line", () => {
    const { problems } = render("Intro.\n\n<script>alert(1)</script>\n\nText <b onclick=x>bold</b>.\n");
    expect(problems).toEqual([
      { file: "content/blog/x.md", line: 12, message: "raw HTML (<script>alert(1)</script>) is not allowed in markdown; write it as markdown instead" },
      { file: "content/blog/x.md", line: 14, message: "raw HTML (<b onclick=x>) is not allowed in markdown; write it as markdown instead" },
    ]);
  });

  it("refuses javascript: and data: links but allows site paths, https, tel and mailto", () => {
    const { problems } = render("[a](javascript:alert(1)) [b](data:text/html,x) [c](/about) [d](https://example.com) [e](tel:+1) [f](mailto:a@b.c)\n");
    expect(problems.map((problem) => problem.message)).toEqual([
      'link "javascript:alert(1)" must start with https://, mailto:, tel:, / or #',
      'link "data:text/html,x" must start with https://, mailto:, tel:, / or #',
    ]);
  });

  it("reports unknown placeholders with their line and column, the closest known name first", () => {
    const { problems } = render("One.\n\nCall {phon} now.\n");
    expect(problems).toEqual([{ file: "content/blog/x.md", line: 12, column: 6, message: "unknown placeholder {phon}; did you mean {phone}? Known: {phone}, {company}" }]);
  });
});

describe("markdown cache", () => {
  it("gives what the converter gives, converting only new bodies, and keeps the current ones first", async () => {
    const { convertWithCache } = await import("../../src/content/markdown-cache.ts");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "markdown-cache-")), "markdown.json");
    const convert = (bodies: string[]) => convertWithCache(bodies, file);
    const hash = (body: string) => createHash("sha256").update(body).digest("base64url");
    const cached = () => JSON.parse(readFileSync(file, "utf8")) as Record<string, { html: string[] }>;
    const first = [`# One\n\nText with {phone}.\n`, `Two <b>raw</b>\n`];
    expect(await convert(first)).toEqual(first.map(convertMarkdown));
    // Served from the cache: the same results, placeholders still unfilled and refusals kept.
    const again = await convert(first);
    expect(again).toEqual(first.map(convertMarkdown));
    expect(again[0]!.html.join("")).toContain("{phone}");
    expect(again[1]!.refused).toHaveLength(1);
    // Proof that it is read from the file: a marked entry comes back as it is.
    const entries = cached();
    entries[hash(first[0]!)]!.html = ["<p>from the cache</p>"];
    writeFileSync(file, JSON.stringify(entries));
    expect((await convert(first))[0]!.html).toEqual(["<p>from the cache</p>"]);
    // A changed set of bodies converts the new one; the current bodies come first in the file,
    // then the earlier ones (another site built with the same installation keeps its entries).
    const changed = [first[0]!, `Three\n`];
    expect((await convert(changed))[1]).toEqual(convertMarkdown(changed[1]!));
    expect(Object.keys(cached())).toEqual([...changed.map(hash), hash(first[1]!)]);
  });
});
