import { readYamlValues } from "../config/read-yaml.ts";
import type { Site } from "../config/schema.ts";
import { SiteError } from "../errors.ts";
import type { SourceFiles } from "../source-files.ts";
import { fillPlaceholders, type Facts } from "./placeholders.ts";

/** How chrome.yaml's badge.claim may read: shown when a site with stars lacks it. */
export const CLAIM_EXAMPLE = "{reviewAverage} stars from {reviewCount} reviews";

/**
 * `facts` with {reviewClaim}: the words of chrome.yaml's badge.claim filled with site.yaml's
 * figures. Only a site with an average (reviews.stars) has a claim; copy naming it otherwise is
 * refused like any fact the site does not have.
 */
export function withReviewClaim(facts: Facts, words: string | undefined): Facts {
  const { reviewClaim: _other, ...rest } = facts;
  if (words === undefined || rest.reviewAverage === undefined) return rest;
  return { ...rest, reviewClaim: fillPlaceholders(words, rest) };
}

/**
 * A language's facts with its {reviewClaim}, from its chrome.yaml. The words are read ahead of the
 * copy because every other copy file and article may name {reviewClaim}. A chrome.yaml that cannot
 * be read or parsed gives none here: loading the copy reports it with its line.
 */
export async function factsWithClaim(site: Site, facts: Facts, sources: SourceFiles, chromeFile: string, displayFile: string): Promise<Facts> {
  let text: string;
  try {
    text = await sources.readText(chromeFile);
  } catch {
    // No chrome.yaml: a translation without it is left out whole (loading the copy says so), the
    // default language fails on it. Until then, the texts that name {reviewClaim} read as filled.
    return withReviewClaim(facts, site.reviews?.stars === undefined ? undefined : CLAIM_EXAMPLE);
  }
  // Read as every YAML file is (src/config/read-yaml.ts); its problems are reported when the copy is loaded.
  const chrome = readYamlValues(displayFile, text, [])?.data;
  const claim = (chrome as { badge?: { claim?: unknown } } | null)?.badge?.claim;
  const words = typeof claim === "string" ? claim.trim() : undefined;
  if (site.reviews?.stars !== undefined && words === undefined) {
    const message = `missing: site.yaml's reviews.stars is claimed on the review badge and in {reviewClaim} in these words, e.g. claim: ${CLAIM_EXAMPLE}`;
    throw new SiteError([{ file: displayFile, line: 1, field: "badge.claim", message }]);
  }
  return withReviewClaim(facts, words);
}
