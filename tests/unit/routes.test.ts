import { townLinkLabel } from "../../src/routes/site-views.ts";
import { describe, expect, it } from "vitest";
import { checkPlan, planRoutes } from "../../src/routes/plan-routes.ts";
import { absoluteUrl, outFileFor } from "../../src/routes/urls.ts";
import { SiteError } from "../../src/errors.ts";
import { loadSample } from "../helpers/sample-data.ts";

const sample = await loadSample();
const pages = planRoutes(sample);
const byPath = new Map(pages.map((page) => [page.path, page]));

const SPEC_ROUTES = [
  "/", "/residential-gopher-control", "/commercial-gopher-control", "/service-areas", "/about", "/blog",
  "/blog/why-trapping-works-better-than-poison", "/blog/5-signs-you-have-a-gopher-problem", "/blog/poison-free-gopher-control",
  "/blog/protect-your-lawn-before-gophers-strike", "/blog/gopher-damage-costs", "/blog/keep-gophers-out-for-good",
  "/blog/60-day-warranty-explained", "/blog/how-to-tell-if-you-have-gophers-or-ground-squirrels", "/privacy-policy", "/terms-of-service",
  ...["banning", "beaumont", "bonsall", "calimesa", "canyon-lake", "cherry-valley", "corona", "fallbrook", "french-valley", "grand-terrace",
    "hemet", "highgrove", "highland", "lake-elsinore", "loma-linda", "menifee", "moreno-valley", "murrieta", "norco", "nuevo", "perris",
    "redlands", "riverside", "san-jacinto", "temecula", "wildomar", "winchester", "yucaipa"].map((slug) => `/${slug}-gopher-control`),
];

describe("planRoutes", () => {
  // The spec's route table has 44 routes (5 pages, 28 cities, blog, 8 articles, 2 legal pages).
  it("plans exactly the 44 routes of the spec's table plus the 404 page", () => {
    expect(SPEC_ROUTES).toHaveLength(44);
    expect(pages).toHaveLength(45);
    expect(new Set(pages.map((page) => page.path))).toEqual(new Set([...SPEC_ROUTES, "/404"]));
    expect(byPath.get("/404")!.outFile).toBe("404.html");
  });

  it("writes clean-URL files in the default 'file' format, or folders in 'directory'", () => {
    expect(byPath.get("/")!.outFile).toBe("index.html");
    expect(byPath.get("/about")!.outFile).toBe("about.html");
    expect(byPath.get("/blog/gopher-damage-costs")!.outFile).toBe("blog/gopher-damage-costs.html");
    const directory = planRoutes({ ...sample, format: "directory" });
    expect(directory.find((page) => page.path === "/about")!.outFile).toBe("about/index.html");
    expect(directory.find((page) => page.path === "/404")!.outFile).toBe("404.html");
    expect(outFileFor("/", "directory")).toBe("index.html");
  });

  it("gives each page a unique title and a canonical URL on the public site", () => {
    expect(new Set(pages.map((page) => page.head.title)).size).toBe(pages.length);
    expect(byPath.get("/temecula-gopher-control")!.head.canonical).toBe("https://www.gopherguard.example.com/temecula-gopher-control");
    expect(byPath.get("/")!.head.canonical).toBe("https://www.gopherguard.example.com/");
    const overridden = planRoutes({ ...sample, siteUrl: "https://gophers.example.org/" });
    expect(overridden.find((page) => page.path === "/about")!.head.canonical).toBe("https://gophers.example.org/about");
    expect(absoluteUrl("https://a.example/", "/x")).toBe("https://a.example/x");
  });

  it("titles city pages as the spec says", () => {
    expect(byPath.get("/temecula-gopher-control")!.head.title).toBe("Temecula Gopher Control | Poison-Free Removal & 60-Day Warranty");
  });

  it("gives the home page every city, nearest the default point first, and shows the 5 nearest", () => {
    const home = byPath.get("/")!;
    if (home.template !== "home") throw new Error("home template expected");
    expect(home.page.cities).toHaveLength(28);
    expect(home.page.nearestCount).toBe(5);
    expect(home.page.cities.slice(0, 5).map((city) => city.label)).toEqual(["Temecula", "Murrieta", "French Valley", "Fallbrook", "Wildomar"]);
  });

  it("lists all 28 cities on service areas, nearest first", () => {
    const areas = byPath.get("/service-areas")!;
    if (areas.template !== "service-areas") throw new Error("service-areas template expected");
    expect(areas.page.cities).toHaveLength(28);
    expect(areas.page.cities[0]!.label).toBe("Temecula");
  });

  it("links towns without a page to /service-areas and adds 'View All Service Areas' for 3 nearby towns", () => {
    const highland = byPath.get("/highland-gopher-control")!;
    if (highland.template !== "city") throw new Error("city template expected");
    expect(highland.page.nearby).toContainEqual(expect.objectContaining({ label: "San Bernardino Gopher Control", href: "/service-areas" }));
    expect(highland.page.nearby).toHaveLength(4);
    expect(highland.page.allAreas).toBeUndefined();
    const fallbrook = byPath.get("/fallbrook-gopher-control")!;
    if (fallbrook.template !== "city") throw new Error("city template expected");
    expect(fallbrook.page.nearby.map((link) => link.href)).toEqual(
      expect.arrayContaining(["/bonsall-gopher-control", "/temecula-gopher-control", "/murrieta-gopher-control"]),
    );
    expect(fallbrook.page.allAreas).toEqual({ label: "View All Service Areas", href: "/service-areas" });
  });

  it("tags each city's directory review link with the city and adds the per-city extra links", () => {
    const city = (slug: string) => {
      const page = byPath.get(`/${slug}-gopher-control`)!;
      if (page.template !== "city") throw new Error("city template expected");
      return page.page.badge!.links;
    };
    expect(city("hemet").map((link) => link.href)).toContainEqual(expect.stringContaining("utm_campaign=hemet"));
    expect(city("temecula")).toHaveLength(3);
    expect(city("nuevo")[0]!.label).toBe("Google Reviews in Nuevo");
    expect(city("hemet")).toHaveLength(2);
  });

  it("fails with both paths named when two pages would write one file", () => {
    const twin = { ...sample.legal[0]!, slug: "about", heading: "Other", title: "Another title" };
    const plan = planRoutes({ ...sample, legal: [...sample.legal, twin] });
    expect(() => checkPlan(plan)).toThrowError(SiteError);
    try {
      checkPlan(plan);
    } catch (error) {
      expect((error as SiteError).problems).toContainEqual({ file: "about.html", message: "both /about and /about would be written here" });
    }
  });

  it("fails, naming both pages, when two pages of one language have one title; another language may share it", () => {
    const twin = { ...sample.legal[0]!, slug: "privacy-copy" };
    const plan = planRoutes({ ...sample, legal: [...sample.legal, twin] });
    const original = plan.find((page) => page.path === `/${sample.legal[0]!.slug}`)!;
    let problems: unknown[] = [];
    try {
      checkPlan(plan);
    } catch (error) {
      problems = (error as SiteError).problems;
    }
    expect(problems).toEqual([{ file: "privacy-copy.html", message: `/privacy-copy has the same <title> as ${original.path}: "${original.head.title}"` }]);
    const translated = { ...original, lang: "es", path: "/es/privacy-policy", outFile: "es/privacy-policy.html" };
    expect(() => checkPlan([...planRoutes(sample), translated])).not.toThrow();
  });
});

describe("a nearby town's link", () => {
  it("follows the language's word order: after the name, or with {city} where the name goes", () => {
    expect(townLinkLabel("Shawnee", "Plumbing")).toBe("Shawnee Plumbing");
    expect(townLinkLabel("Shawnee", "Plomería en {city}")).toBe("Plomería en Shawnee");
  });
});
