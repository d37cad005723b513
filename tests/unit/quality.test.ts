import { describe, expect, it } from "vitest";
import { formatProblem } from "../../src/errors.ts";
import { qualityWarnings, type QualityPage } from "../../src/content/quality.ts";

const long = (length: number) => "x".repeat(length);
const page = (template: string, path: string, title: string, lang = "en", data: unknown = {}): QualityPage => ({ template, path, lang, head: { title, description: "Short." }, page: data });
const sources = {
  contentDir: (lang: string) => (lang === "en" ? "content" : `content/${lang}`),
  // Every key's value written on line 3, column 8, for the test.
  positions: new Map(["content/pages/home.yaml", "content/es/pages/home.yaml", "content/pages/city.yaml", "content/blog/a.md", "content/services/heat-pumps.yaml"].map((file) => [file, () => ({ line: 3, column: 8 })])),
};
const warnings = (pages: QualityPage[]) => qualityWarnings(pages, [], sources).map(formatProblem);

describe("length warnings", () => {
  it("name the copy key a page's title is written in, in its language's folder, not the page's output file", () => {
    expect(warnings([page("home", "/", long(94)), page("home", "/es", long(71), "es"), page("about", "/about", long(70))])).toEqual([
      "content/pages/home.yaml:3:8  title  is 94 characters; search results cut it after about 70",
      "content/es/pages/home.yaml:3:8  title  is 71 characters; search results cut it after about 70",
    ]);
  });

  it("name a service page's own copy file, each service on its own", () => {
    const service = (id: string, length: number) => page("service", `/${id}`, long(length), "en", { id });
    expect(warnings([service("heat-pumps", 75), service("furnace-repair", 60), page("not-found", "/404", long(90))])).toEqual([
      "content/services/heat-pumps.yaml:3:8  title  is 75 characters; search results cut it after about 70",
    ]);
  });

  it("name an article's front matter line", () => {
    expect(warnings([page("article", "/blog/a", long(72), "en", { article: { file: "content/blog/a.md" } })])).toEqual([
      "content/blog/a.md:3:8  title  is 72 characters; search results cut it after about 70",
    ]);
  });

  it("name a key that makes several pages once, with the pages it makes too long, longest first", () => {
    const cities = ["a", "b", "c", "d", "e", "f"].map((slug, i) => page("city", `/${slug}-town`, long(68 + i)));
    expect(warnings(cities)).toEqual([
      "content/pages/city.yaml:3:8  title  is up to 73 characters once filled, on 3 pages (/f-town, /e-town, /d-town); search results cut it after about 70",
    ]);
    expect(warnings([...cities.slice(0, 3), page("city", "/z-town", long(75)), page("city", "/y-town", long(74)), page("city", "/w-town", long(72)), page("city", "/v-town", long(71))])).toEqual([
      "content/pages/city.yaml:3:8  title  is up to 75 characters once filled, on 4 pages (/z-town, /y-town, /w-town and 1 more); search results cut it after about 70",
    ]);
    expect(warnings(cities.slice(0, 4))).toEqual(["content/pages/city.yaml:3:8  title  is 71 characters on /d-town; search results cut it after about 70"]);
  });
});
