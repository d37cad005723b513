import { readdir } from "node:fs/promises";
import path from "node:path";
import { copyFiles } from "../content/copy-schema.ts";
import { filesOf, ownPageFile, serviceFile } from "../page-kinds.ts";
import type { SiteInput } from "../config/schema.ts";

/** What a language still lacks: files, keys in files, articles, legal pages, town paragraphs. */
export interface Untranslated {
  language: string;
  items: string[];
}

/** The customers' own words are shown as written in every language. */
const SHARED = new Set(["testimonials.yaml"]);

/** Dotted paths of every text in a value (list items by index). */
function leafPaths(value: unknown, at: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...at, String(i)]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...at, key]));
  return typeof value === "string" ? [at.join(".")] : [];
}

/**
 * For each other language, what it does not translate yet, from the files as the editor read them
 * (`data` by project path). Lists, never blocks: what to do about a gap is the build's business.
 */
export async function untranslated(root: string, site: SiteInput, data: ReadonlyMap<string, unknown>): Promise<Untranslated[]> {
  const languages = (site.languages ?? []).slice(1);
  const documentsOf = async (folder: string) => (await readdir(path.join(root, folder)).catch(() => [] as string[])).filter((name) => name.endsWith(".md")).sort();
  const [articles, legal] = await Promise.all([documentsOf("content/blog"), documentsOf("content/legal")]);
  return Promise.all(
    languages.map(async ({ code }) => {
      const items: string[] = [];
      // Pages the language leaves in the default language on purpose are not waiting for anyone.
      const onPurpose = new Set((data.get(`content/${code}/language.yaml`) as { untranslated?: string[] } | undefined)?.untranslated ?? []);
      const ownIds = (site.pages ?? []).map((page) => page.id);
      const notNeeded = new Set([...onPurpose].flatMap((unit) => filesOf(unit, ownIds)));
      const services = (site.services ?? []).map((service) => serviceFile(service.id));
      for (const name of [...Object.keys(copyFiles), ...services, ...ownIds.map(ownPageFile)]) {
        if (SHARED.has(name) || notNeeded.has(name)) continue;
        const own = data.get(`content/${code}/${name}`);
        if (own === undefined) {
          items.push(`content/${code}/${name}: not translated`);
          continue;
        }
        const have = new Set(leafPaths(own));
        const missing = leafPaths(data.get(`content/${name}`)).filter((key) => !have.has(key));
        if (missing.length > 0) items.push(`content/${code}/${name}: ${missing.join(", ")}`);
      }
      for (const [folder, names] of [["blog", articles], ["legal", legal]] as const) {
        if (onPurpose.has(folder)) continue;
        const translated = new Set(await documentsOf(`content/${code}/${folder}`));
        for (const name of names) if (!translated.has(name)) items.push(`content/${code}/${folder}/${name}: not translated`);
      }
      const intros = (data.get(`content/${code}/cities.yaml`) ?? {}) as Record<string, { intro?: string }>;
      for (const city of onPurpose.has("city") ? [] : (site.cities ?? [])) {
        if (!intros[city.slug]?.intro) items.push(`content/${code}/cities.yaml: ${city.slug}.intro`);
      }
      return { language: code, items };
    }),
  );
}
