import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/load-config.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import { withReviewClaim } from "../../src/content/review-claim.ts";
import { reviewBadge } from "../../src/routes/site-views.ts";
import { loadSample, ROOT } from "../helpers/sample-data.ts";
import { problemLines } from "../helpers/problems.ts";

const base = readFileSync(path.join(ROOT, "site.yaml"), "utf8");
/** The sample's site.yaml with its review figures replaced. */
const withFigures = (figures: string) => base.replace("  count: 100\n  stars: 5\n", figures);
const line = (text: string, part: string) => text.slice(0, text.indexOf(part)).split("\n").length;

describe("the review figures", () => {
  it("are the average with one decimal at most and the count, as each locale writes them", () => {
    const { site } = parseConfig(withFigures("  count: 1212\n  stars: 4.8\n"), "site.yaml");
    expect(siteFacts(site, "en-US")).toMatchObject({ reviewAverage: "4.8", reviewCount: "1,212" });
    expect(siteFacts(site, "es-US")).toMatchObject({ reviewAverage: "4.8", reviewCount: "1,212" });
    expect(siteFacts(site, "es-ES")).toMatchObject({ reviewAverage: "4,8", reviewCount: "1212" });
    expect(siteFacts(site, "de-DE")).toMatchObject({ reviewAverage: "4,8", reviewCount: "1.212" });
    expect(siteFacts(parseConfig(base, "site.yaml").site)).toMatchObject({ reviewAverage: "5", reviewCount: "100" });
  });

  it("fill the language's words for the claim; without stars there is no average and no claim", () => {
    const { site } = parseConfig(withFigures("  count: 212\n  stars: 4.8\n"), "site.yaml");
    const words = "{reviewAverage} stars from {reviewCount} reviews";
    expect(withReviewClaim(siteFacts(site), words).reviewClaim).toBe("4.8 stars from 212 reviews");
    expect(withReviewClaim(siteFacts(site, "es-ES"), "{reviewAverage} estrellas de {reviewCount} reseñas").reviewClaim).toBe("4,8 estrellas de 212 reseñas");
    const unrated = parseConfig(withFigures("  count: 212\n"), "site.yaml").site;
    expect(siteFacts(unrated)).not.toHaveProperty("reviewAverage");
    expect(siteFacts(unrated)).toHaveProperty("reviewCount", "212");
    expect(withReviewClaim(siteFacts(unrated), words)).not.toHaveProperty("reviewClaim");
  });

  it("draw whole stars beside the claim, and no badge without an average", async () => {
    const sample = await loadSample();
    const { site } = parseConfig(withFigures("  count: 212\n  stars: 4.8\n"), "site.yaml");
    expect(reviewBadge(site, sample.copy, undefined, "4.8 stars from 212 reviews")).toMatchObject({ claim: "4.8 stars from 212 reviews", stars: 5 });
    const unrated = parseConfig(withFigures("  count: 212\n"), "site.yaml").site;
    expect(reviewBadge(unrated, sample.copy, undefined, "212 reviews")).toBeUndefined();
  });

  it("refuse an average outside 1.0 to 5.0 or with two decimals, naming the line", () => {
    const twoDecimals = withFigures("  count: 212\n  stars: 4.85\n");
    expect(problemLines(() => parseConfig(twoDecimals, "site.yaml"))).toEqual([`site.yaml:${line(twoDecimals, "  stars:")}:10  reviews.stars  must have one decimal at most, e.g. 4.8`]);
    const tooMany = withFigures("  count: 212\n  stars: 5.5\n");
    expect(problemLines(() => parseConfig(tooMany, "site.yaml"))).toEqual([`site.yaml:${line(tooMany, "  stars:")}:10  reviews.stars  must be your average rating, 1.0 to 5.0`]);
  });

  it("must agree with the rating published in structured data", () => {
    const text = withFigures("  count: 212\n  stars: 4.8\n").replace("  # rating:\n  #   average: 5\n  #   count: 100\n", "  rating:\n    average: 4.9\n    count: 200\n");
    expect(problemLines(() => parseConfig(text, "site.yaml"))).toEqual([
      `site.yaml:${line(text, "  stars:")}:10  reviews.stars  says 4.8, but reviews.rating.average is 4.9: the badge and structured data must give the same average`,
      `site.yaml:${line(text, "  count: 212")}:10  reviews.count  is more than reviews.rating.count (200): the badge may not claim more reviews than you have`,
    ]);
    const agreeing = text.replace("average: 4.9", "average: 4.83").replace("count: 200", "count: 212");
    expect(problemLines(() => parseConfig(agreeing, "site.yaml"))).toEqual([]);
  });
});
