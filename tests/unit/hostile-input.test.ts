import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { articleFrontMatter } from "../../src/content/article-schema.ts";
import { readFrontMatter } from "../../src/content/front-matter.ts";
import { SiteError, type Problem } from "../../src/errors.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
const ARTICLE = readFileSync(path.join(ROOT, "content/blog/gopher-damage-costs.md"), "utf8");

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in a plain object tree. */
function pathsOf(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))];
  if (value && typeof value === "object") return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return [at];
}

function setAt(root: Json, at: readonly (string | number)[], change: (parent: any, key: string | number) => void): Json {
  const copy = structuredClone(root);
  if (at.length === 0) return copy;
  let parent: any = copy;
  for (const key of at.slice(0, -1)) parent = parent[key];
  change(parent, at.at(-1)!);
  return copy;
}

const HOSTILE_STRINGS = [
  "",
  " ",
  "x".repeat(100_000),
  "مكافحة القوارض ‏עברית‎",
  "<script>alert(1)</script>",
  "\u0000\u0007\u001b[31m",
  "🐹🕳️ Gopher ✓",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "{phone}{nope}",
];

/** A value of a wrong or extreme kind to put anywhere. */
const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(...HOSTILE_STRINGS),
  fc.constantFrom<Json>(null, true, false, 0, -1, 1e308, -91, 181, Number.NaN, [], {}, [1, 2], { unexpected: 1 }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** A structural mutation of the sample's settings tree. */
const treeMutation = (sample: Json) => {
  const paths = pathsOf(sample).filter((at) => at.length > 0);
  return fc.oneof(
    fc.record({ kind: fc.constant("replace"), at: fc.constantFrom(...paths), value: hostileValue }),
    fc.record({ kind: fc.constant("delete"), at: fc.constantFrom(...paths), value: fc.constant(null) }),
    fc.record({ kind: fc.constant("unknown-key"), at: fc.constantFrom(...paths.filter((at) => typeof at.at(-1) === "string")), value: hostileValue }),
    fc.record({ kind: fc.constant("duplicate-slug"), at: fc.constant<Array<string | number>>(["cities"]), value: fc.nat({ max: 27 }) }),
  );
};

function applyMutation(sample: Json, mutation: { kind: string; at: readonly (string | number)[]; value: unknown }): Json {
  switch (mutation.kind) {
    case "replace":
      return setAt(sample, mutation.at, (parent, key) => (parent[key] = mutation.value));
    case "delete":
      return setAt(sample, mutation.at, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]));
    case "unknown-key":
      return setAt(sample, mutation.at.slice(0, -1), (parent, key) => {
        const target = key === undefined ? parent : parent[key];
        if (target && typeof target === "object" && !Array.isArray(target)) target[`${String(mutation.at.at(-1))}Typo`] = mutation.value;
      });
    default: {
      const copy = structuredClone(sample) as { cities: Array<{ slug: string }> };
      const index = mutation.value as number;
      copy.cities[(index + 1) % copy.cities.length]!.slug = copy.cities[index]!.slug;
      return copy as unknown as Json;
    }
  }
}

/** Text-level damage: the kinds of file a person or an editor may really produce. */
const textMutation = fc.oneof(
  fc.constant((text: string) => `\uFEFF${text}`),
  fc.constant((text: string) => text.replace(/\n {2}(\w)/, "\n\t$1")),
  fc.constant(() => ""),
  fc.constant(() => "\n\n# only a comment\n"),
  fc.constant(() => "<html><body>not yaml</body></html>"),
  fc.constant(() => '{"json": "is yaml too", "but": ["not", "a", "site"]}'),
  fc.constant(() => "- just\n- a\n- list\n"),
  fc.constant(() => ["a: &a [x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 12 }, (_, i) => `l${i}: &l${i} [${Array(9).fill(i ? `*l${i - 1}` : "*a").join(", ")}]`)].join("\n")),
  fc.constant((text: string) => text.slice(0, Math.floor(text.length / 2))),
  fc.constant((text: string) => text.replace("company:", "company: [")),
  fc.string({ maxLength: 200 }).map((junk) => (text: string) => `${junk}\n${text}`),
);

/** The contract: a valid site, or a SiteError whose every problem names the file and a line. */
function expectValidOrLocated(run: () => unknown, file: string): void {
  let error: unknown;
  try {
    run();
    return;
  } catch (caught) {
    error = caught;
  }
  expect(error, String(error instanceof Error ? error.stack : error)).toBeInstanceOf(SiteError);
  const problems = (error as SiteError).problems;
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) expectLocated(problem, file);
}

function expectLocated(problem: Problem, file: string): void {
  expect(problem.file).toBe(file);
  expect(problem.line, JSON.stringify(problem)).toBeGreaterThanOrEqual(1);
  expect(problem.message.length).toBeGreaterThan(3);
  expect(problem.message).not.toMatch(/\n\s+at /);
}

describe("hostile site.yaml (property-based)", () => {
  const sample = parse(SAMPLE) as Json;

  it("any structural mutation yields a valid site or located errors", () => {
    fc.assert(
      fc.property(treeMutation(sample), (mutation) => {
        expectValidOrLocated(() => parseConfig(stringify(applyMutation(sample, mutation), { lineWidth: 0 }), "site.yaml"), "site.yaml");
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it("any damage to the text yields a valid site or located errors, quickly", () => {
    fc.assert(
      fc.property(textMutation, (damage) => {
        const started = performance.now();
        expectValidOrLocated(() => parseConfig(damage(SAMPLE), "site.yaml"), "site.yaml");
        expect(performance.now() - started).toBeLessThan(2_000);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it("two mutations at once are both reported", () => {
    const text = SAMPLE.replace("  days: 60\n", "  days: -3\n").replace("callbackMinutes: 30", "callbackMinutez: 30");
    try {
      parseConfig(text, "site.yaml");
      expect.unreachable();
    } catch (error) {
      expect((error as SiteError).problems.map((problem) => problem.field)).toEqual(["warranty.days", "callbackMinutez"]);
    }
  });
});

describe("hostile article front matter (property-based)", () => {
  const [, frontMatter = "", body = ""] = ARTICLE.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  const data = parse(frontMatter) as Json;

  it("any mutation yields a valid article or located errors", () => {
    fc.assert(
      fc.property(treeMutation(data).filter((m) => m.kind !== "duplicate-slug"), (mutation) => {
        const text = `---\n${stringify(applyMutation(data, mutation), { lineWidth: 0 })}---\n${body}`;
        const problems: Problem[] = [];
        const result = readFrontMatter("content/blog/x.md", text, articleFrontMatter, problems);
        if (result) expect(problems).toEqual([]);
        else {
          expect(problems.length).toBeGreaterThan(0);
          for (const problem of problems) expectLocated(problem, "content/blog/x.md");
        }
      }),
      { numRuns: 300, seed: 99 },
    );
  });

  it("text damage to an article is located too", () => {
    fc.assert(
      fc.property(textMutation, (damage) => {
        const problems: Problem[] = [];
        const result = readFrontMatter("content/blog/x.md", damage(ARTICLE), articleFrontMatter, problems);
        if (!result) for (const problem of problems) expectLocated(problem, "content/blog/x.md");
      }),
      { numRuns: 40, seed: 3 },
    );
  });
});
