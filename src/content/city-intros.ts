import * as z from "zod";
import type { Site } from "../config/schema.ts";
import { readYaml } from "../config/read-yaml.ts";
import { SiteError, type Problem } from "../errors.ts";
import type { SourceFiles } from "../source-files.ts";
import { fillPlaceholders, type Facts } from "./placeholders.ts";

const cityIntro = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(80, "is too long (80 characters at most)").optional().describe("The town's name in this language, if it has one; site.yaml's otherwise"),
  intro: z.string().trim().min(1, "must not be empty").max(3000, "is too long (3,000 characters at most)"),
});
/** content/<code>/cities.yaml: a paragraph (and a name, if the language has one) by city slug (the editor checks a save's keys against it too). */
export const cityIntrosSchema = z.record(z.string(), cityIntro);

/**
 * content/<code>/cities.yaml: every city's own paragraph in the language, by slug; no other city
 * fact. A town without its paragraph yet is `missing` (its page is not built in the language).
 */
export async function readCityIntros(sources: SourceFiles, absolute: string, file: string, site: Site, facts: Facts): Promise<{ intros: Record<string, string>; names: Record<string, string>; missing: Problem[] }> {
  const problems: Problem[] = [];
  const slugs = site.cities.map((city) => city.slug);
  const missingFrom = (present: (slug: string) => boolean): Problem[] =>
    slugs.filter((slug) => !present(slug)).map((slug) => ({ file, line: 1, field: `${slug}.intro`, message: `missing: site.yaml has the city "${slug}"` }));
  let text = "";
  try {
    text = await sources.readText(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { intros: {}, names: {}, missing: missingFrom(() => false) };
    throw new SiteError([{ file, message: `cannot read (${code})` }]);
  }
  const read = readYaml(file, text, cityIntrosSchema, problems);
  if (!read) throw new SiteError(problems);
  const known = new Set(slugs);
  for (const slug of Object.keys(read.data)) {
    if (!known.has(slug)) problems.push({ file, ...read.source().locate([slug]), field: slug, message: `no city in site.yaml has this slug` });
  }
  if (problems.length > 0) throw new SiteError(problems);
  const present = slugs.filter((slug) => slug in read.data);
  return {
    intros: Object.fromEntries(present.map((slug) => [slug, fillPlaceholders(read.data[slug]!.intro, facts)])),
    names: Object.fromEntries(present.flatMap((slug) => (read.data[slug]!.name ? [[slug, read.data[slug]!.name]] : []))),
    missing: missingFrom((slug) => slug in read.data),
  };
}
