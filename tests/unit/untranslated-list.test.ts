import { expect, it } from "vitest";
import type { SiteInput } from "../../src/config/schema.ts";
import { untranslated } from "../../src/editor/translations.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

const folder = temporaryFolders("gopher-site-untranslated-");

// The editor's Translations list: only what a language still has to translate, not what it leaves
// in the default language on purpose (language.yaml's untranslated) or what the site has no page for.
it("leaves out the texts of page types and services left untranslated on purpose, and lists each service's own file", async () => {
  const site = {
    languages: [{ code: "en" }, { code: "es" }],
    services: [{ id: "residential", path: "/residential" }, { id: "commercial", path: "/commercial" }],
    cities: [{ slug: "riverside" }],
  } as unknown as SiteInput;
  const data = new Map<string, unknown>([
    ["content/es/language.yaml", { untranslated: ["blog", "city", "about", "commercial"] }],
    ["content/faq.yaml", { items: [{ question: "Q?", answer: "A." }] }],
    ["content/es/faq.yaml", { items: [{ question: "¿P?" }] }],
  ]);
  const [spanish] = await untranslated(folder(), site, data);
  const items = spanish!.items;
  expect(items).toContain("content/es/faq.yaml: items.0.answer");
  expect(items).toContain("content/es/services/residential.yaml: not translated");
  // Left in English on purpose (blog, city, about, the commercial service); no service file but the site's.
  for (const name of ["pages/blog.yaml", "pages/article.yaml", "pages/city.yaml", "pages/about.yaml", "services/commercial.yaml", "pages/residential.yaml"]) {
    expect(items).not.toContain(`content/es/${name}: not translated`);
  }
  expect(items.some((item) => item.startsWith("content/es/cities.yaml"))).toBe(false);
});
