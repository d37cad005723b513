import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { runCli } from "../helpers/run-cli.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// A badge and {reviewClaim} say only what site.yaml's figures say, in each language's words, and
// nothing at all for a company without an average.
let dir: string;
afterEach(() => removeDir(dir));

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(path.join(dir, file), "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  await writeFile(path.join(dir, file), text.replace(from, to));
}

/** Every built page's HTML, by output file. */
async function pages(): Promise<Map<string, string>> {
  const files = (await readdir(path.join(dir, "dist"), { recursive: true })).filter((file) => file.endsWith(".html"));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, "dist", file), "utf8")] as const)));
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

const rating = "  # rating:\n  #   average: 5\n  #   count: 100\n";

describe("review claims", () => {
  beforeEach(async () => {
    dir = await copyFixture("small");
  });

  it("say 4.8 stars from 212 reviews in each language's words, and in structured data, never 5-Star", async () => {
    await edit("site.yaml", "  count: 100\n  stars: 5\n", "  count: 212\n  stars: 4.8\n");
    await edit("site.yaml", rating, "  rating:\n    average: 4.8\n    count: 212\n");
    await edit("content/chrome.yaml", `claim: "{reviewCount}+ {reviewAverage}-Star Reviews"`, `claim: "{reviewAverage} stars from {reviewCount} reviews"`);
    await edit("content/es/chrome.yaml", "claim: Más de {reviewCount} reseñas de {reviewAverage} estrellas", "claim: \"{reviewAverage} estrellas en {reviewCount} reseñas\"");
    await buildProject(dir);
    const built = await pages();
    const home = built.get("index.html")!;
    // Five stars for 4.8 (the sprite's row of five: the badge rounds its stars).
    expect(home).toMatch(/<svg class="stars" width="90" height="18" viewBox="0 0 120 24" aria-hidden="true"><use href="\/assets\/icons\.[\w-]+\.svg#rating-stars"><\/use><\/svg><strong>4\.8 stars from 212 reviews<\/strong>/);
    expect(home).toContain("4.8 stars from 212 reviews from homeowners across the Inland Empire.");
    expect(built.get("blog/60-day-warranty-explained.html")).toContain("how we have earned 4.8 stars from 212 reviews.");
    expect(built.get("es.html")).toContain("<strong>4.8 estrellas en 212 reseñas</strong>");
    expect(built.get("es.html")).toContain("4.8 estrellas en 212 reseñas de dueños de casa");
    for (const [file, html] of built) {
      expect(html, file).not.toMatch(/5-Star|de 5 estrellas|\b100\+/);
    }
    const business = jsonLd(home).find((block) => "aggregateRating" in block)!;
    expect(business.aggregateRating).toMatchObject({ ratingValue: 4.8, ratingCount: 212 });
  }, 90_000);

  it("need the words for an average in chrome.yaml, and none in language.yaml", async () => {
    const claim = `  claim: "{reviewCount}+ {reviewAverage}-Star Reviews"\n`;
    await edit("content/chrome.yaml", claim, "");
    const unworded = await runCli(["build"], { cwd: dir });
    expect(unworded.code).toBe(1);
    expect(unworded.stderr).toBe(
      "content/chrome.yaml:1  badge.claim  missing: site.yaml's reviews.stars is claimed on the review badge and in {reviewClaim} in these words, e.g. claim: {reviewAverage} stars from {reviewCount} reviews\n\n1 problem found; nothing was written.\n",
    );
    await edit("content/chrome.yaml", "badge:\n", `badge:\n${claim}`);
    await edit("content/es/language.yaml", "facts:\n", "facts:\n  reviewClaim: Más de 100 reseñas de 5 estrellas\n");
    const result = await runCli(["build"], { cwd: dir });
    expect(result.code).toBe(1);
    const es = await readFile(path.join(dir, "content/es/language.yaml"), "utf8");
    const line = es.slice(0, es.indexOf("  reviewClaim:")).split("\n").length;
    expect(result.stderr).toMatch(new RegExp(`^content/es/language\\.yaml:${line}:\\d+ {2}facts\\.reviewClaim {2}is worded in chrome\\.yaml's badge\\.claim now`, "m"));
  }, 60_000);
});

// tests/fixtures/no-reviews/: the sample's reviews without stars, so without {reviewClaim} in its
// copy and without words for a claim in chrome.yaml, in English and Spanish.
describe("review claims of a company without an average", () => {
  beforeEach(async () => {
    dir = await copyFixture("no-reviews");
  });

  it("are not made for a company without an average: no badge, no star claim on any page", async () => {
    await buildProject(dir);
    const built = await pages();
    expect(built.get("index.html")).toContain("Read our Google Reviews");
    for (const [file, html] of built) {
      expect(html, file).not.toContain("review-badge");
      expect(html, file).not.toMatch(/-Star|estrellas|\{review/);
      for (const block of jsonLd(html)) expect(block, file).not.toHaveProperty("aggregateRating");
    }
  }, 90_000);

  it("refuse {reviewClaim} without an average, naming the file, line and field", async () => {
    await edit("content/pages/home.yaml", "text: Homeowners across the Inland Empire tell it best.", `text: "{reviewClaim} from homeowners across the Inland Empire."`);
    const result = await runCli(["build"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^content\/pages\/home\.yaml:83:\d+ {2}reviews\.text {2}unknown placeholder \{reviewClaim\}; known: /m);
    expect(result.stderr).not.toContain("    at ");
  }, 60_000);
});
