import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseYamlFast, readYaml, readYamlValues } from "../../src/config/read-yaml.ts";
import { parseYaml } from "../../src/config/yaml-source.ts";
import { readFrontMatter } from "../../src/content/front-matter.ts";
import type { Problem } from "../../src/errors.ts";
import { applyYamlEdits } from "../../src/yaml-edit/yaml-edit.ts";

const ANY = z.unknown();

/** `count` uses of one anchor: an FAQ whose every answer is the same text. */
function aliases(count: number): string {
  return `answer: &a Call us.\nuses: [${Array.from({ length: count }, () => "*a").join(", ")}]\n`;
}

type Outcome = { data: unknown } | { refused: string[] };

function outcome(read: (problems: Problem[]) => { data: unknown } | undefined): Outcome {
  const problems: Problem[] = [];
  const result = read(problems);
  return result ? { data: result.data } : { refused: problems.map((problem) => problem.message) };
}

/** Every way the project reads a YAML text: the build (site.yaml, copy), an article's front matter, the editor. */
const readers: Record<string, (text: string) => Outcome> = {
  build: (text) => outcome((problems) => readYaml("content/en/faq.yaml", text, ANY, problems)),
  "front matter": (text) => outcome((problems) => readFrontMatter("content/blog/a.md", `---\n${text}---\nBody.\n`, ANY, problems)),
  "the editor's forms": (text) => outcome((problems) => readYamlValues("content/en/faq.yaml", text, problems)),
  // A save adds a key to the text, then the build reads what the save wrote.
  "the editor's saves": (text) =>
    outcome((problems) => {
      const saved = readYaml("f.yaml", applyYamlEdits(text, [{ op: "set", path: ["added"], value: 1 }]), ANY, problems);
      if (!saved) return undefined;
      const { added, ...data } = saved.data as Record<string, unknown>;
      expect(added).toBe(1);
      return { data };
    }),
};

const ALIAS_MESSAGE = "too many YAML aliases (more than 200); expand them by hand";
const TWICE_MESSAGE = "this key appears twice in the same mapping; keep one";

const CASES: Array<[name: string, text: string, expected: Outcome]> = [
  ["151 uses of one anchor", aliases(151), { data: { answer: "Call us.", uses: Array(151).fill("Call us.") } }],
  ["250 uses of one anchor", aliases(250), { refused: [ALIAS_MESSAGE] }],
  ["a key twice", "a: 1\nb: 2\na: 3\n", { refused: [TWICE_MESSAGE] }],
  ["a key twice, once quoted (one key of the object)", "1: a\n'1': b\n", { refused: [TWICE_MESSAGE] }],
  ["`<<` with an alias: an ordinary key", "base: &b {x: 1}\nthing:\n  <<: *b\n  y: 2\n", { data: { base: { x: 1 }, thing: { "<<": { x: 1 }, y: 2 } } }],
  ["`<<` without an alias", "<<: {x: 1}\ny: 2\n", { data: { "<<": { x: 1 }, y: 2 } }],
  ["YAML 1.1 booleans stay text", "a: yes\nb: on\nc: no\nd: off\ne: y\nf: True\ng: TRUE\nh: false\n", { data: { a: "yes", b: "on", c: "no", d: "off", e: "y", f: true, g: true, h: false } }],
  ["octal-looking and other numbers", "a: 0755\nb: 010\nc: 0o17\nd: 0x1F\ne: 1_000\nf: 1e3\ng: 2.50\nh: .inf\n", { data: { a: 755, b: 10, c: 15, d: 31, e: "1_000", f: 1000, g: 2.5, h: Infinity } }],
  ["signed hexadecimal and octal, binary", "a: -0x1F\nb: +0o7\nc: 0b11\n", { data: { a: "-0x1F", b: "+0o7", c: "0b11" } }],
  ["signed floats without a leading digit", "a: -.5\nb: +.5\nc: [-.5e1]\n", { data: { a: -0.5, b: 0.5, c: [-5] } }],
  ["timestamps and times stay text", "a: 2024-01-01\nb: 2001-12-14t21:59:43.10-05:00\nc: 1:20:30\n", { data: { a: "2024-01-01", b: "2001-12-14t21:59:43.10-05:00", c: "1:20:30" } }],
  ["nulls", "a: ~\nb: null\nc: Null\nd:\n", { data: { a: null, b: null, c: null, d: null } }],
  // `!!float 60` is text to YAML 1.2's core schema (60 is no float there); config.test.ts says how the build reports it.
  ["tags", "a: !!str 5\nb: !!float 60\nc: !!float 6.5\n", { data: { a: "5", b: "60", c: 6.5 } }],
  ["a list as a key", "[a, b]: c\n", { data: { "[ a, b ]": "c" } }],
  ["a list as a key, in a value", "x: {[a]: 1}\n", { data: { x: { "[ a ]": 1 } } }],
  ["an explicit key", "? a\n: b\n", { data: { a: "b" } }],
  ["& and * inside text", "email: a&b@example.com\nurl: https://x.example/?a=1&b=*\n", { data: { email: "a&b@example.com", url: "https://x.example/?a=1&b=*" } }],
  ["Windows line ends", "a: 1\r\nb: yes\r\n", { data: { a: 1, b: "yes" } }],
];

describe("every reader of YAML reads a text the same way", () => {
  it.each(CASES)("%s", (_name, text, expected) => {
    for (const [reader, read] of Object.entries(readers)) {
      // A refused text is refused by the build the editor's save runs, not by the edit itself.
      if ("refused" in expected && reader === "the editor's saves") continue;
      expect({ reader, ...read(text) }).toEqual({ reader, ...expected });
    }
  });

  it.each(CASES)("the fast and the careful parser agree: %s", (_name, text) => {
    const fast = parseYamlFast(text);
    if (fast) expect(fast.data).toEqual(parseYaml("f.yaml", text).data);
  });

  it("keeps the fast parser for placeholders before a colon in a sentence", () => {
    expect(parseYamlFast('heading: "Control de tuzas en {city}, {region}: resultados"\nintro: >-\n  Desde {baseTown}: sin veneno, ¿verdad? Sí.\n')).toBeDefined();
  });

  it("names the same line in a copy file and in front matter (one line lower, below the ---)", () => {
    const text = "a: 1\nb: 2\na: 3\n";
    const inCopy: Problem[] = [];
    const inFrontMatter: Problem[] = [];
    readYaml("c.yaml", text, ANY, inCopy);
    readFrontMatter("a.md", `---\n${text}---\n`, ANY, inFrontMatter);
    expect(inCopy.map((problem) => problem.line)).toEqual([3]);
    expect(inFrontMatter.map((problem) => problem.line)).toEqual([4]);
  });

  it("an edit of a list of 151 aliases is saved", () => {
    const edited = applyYamlEdits(aliases(151), [{ op: "insert", path: ["uses"], index: 0, value: "First." }]);
    expect(parseYaml("f.yaml", edited).data).toEqual({ answer: "Call us.", uses: ["First.", ...Array(151).fill("Call us.")] });
  });
});

describe("front matter", () => {
  it("opened but never closed is named as such", () => {
    const problems: Problem[] = [];
    expect(readFrontMatter("content/blog/a.md", "---\ntitle: A\n\nBody.\n", ANY, problems)).toBeUndefined();
    expect(problems).toEqual([{ file: "content/blog/a.md", line: 1, column: 1, message: "the front matter is not closed: end its fields with a line of three dashes (---)" }]);
  });

  it("after a byte-order mark is read, and its body's line counted", () => {
    const problems: Problem[] = [];
    expect(readFrontMatter("a.md", "\uFEFF---\ntitle: A\n---\n\nBody.\n", ANY, problems)).toEqual({ data: { title: "A" }, body: "\nBody.\n", bodyLine: 4, source: expect.any(Function) });
    expect(problems).toEqual([]);
  });
});
