import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/content/markdown.ts";

const facts = { company: "Acme <Gophers> & Sons", phone: "(951) 555-0142" };
const render = (body: string) => renderMarkdown({ file: "content/blog/x.md", body, firstLine: 10, facts });

describe("markdown rendering", () => {
  it("renders markdown and fills placeholders with escaped facts", () => {
    const { html, problems } = render("## Call {company}\n\nDial {phone} today.\n");
    expect(problems).toEqual([]);
    expect(html).toBe("<h2>Call Acme &#60;Gophers&#62; &#38; Sons</h2>\n<p>Dial (951) 555-0142 today.</p>\n");
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

  it("reports unknown placeholders with their line", () => {
    const { problems } = render("One.\n\nCall {phon} now.\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 12, message: expect.stringMatching(/^unknown placeholder \{phon\}; known: \{company\}, \{phone\}$/) });
  });
});
