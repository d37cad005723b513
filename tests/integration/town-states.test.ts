import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

let dir: string;

async function page(file: string): Promise<string> {
  return readFile(path.join(dir, "dist", file), "utf8");
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

// A company based in Idaho serves Liberty Lake, across the line in Washington: the town's page,
// structured data and testimonials name Washington, the other towns the base town's state
// (tests/fixtures/two-states/).
describe("towns in their own state", () => {
  beforeEach(async () => {
    dir = await copyFixture("two-states");
  });
  afterEach(() => removeDir(dir));
  it("name Liberty Lake, WA on its page, in structured data and in testimonials, never Liberty Lake, ID", async () => {
    await buildProject(dir);
    const city = await page("liberty-lake-gopher-control.html");
    expect(city).toContain("<title>Gopher Control in Liberty Lake, WA |");
    expect(city).toMatch(/<h1[^>]*>Gopher Control in Liberty Lake, WA<\/h1>/);
    expect(city).toContain("<figcaption>Daniel R. (sample), Liberty Lake, WA</figcaption>");
    expect(await page("hayden-gopher-control.html")).toContain("<title>Gopher Control in Hayden, ID |");

    const business = jsonLd(await page("index.html")).find((block) => "areaServed" in block)!;
    const served = business.areaServed as Array<Record<string, unknown>>;
    expect(served).toContainEqual({
      "@type": "City",
      name: "Liberty Lake, WA",
      containedInPlace: { "@type": "State", name: "WA" },
      address: { "@type": "PostalAddress", postalCode: "99019", addressCountry: "US" },
    });
    expect(served).toContainEqual({ "@type": "City", name: "Hayden, ID", containedInPlace: { "@type": "State", name: "ID" } });
    const service = jsonLd(await page("gopher-control.html")).find((block) => block["@type"] === "Service")!;
    expect(service.areaServed).toContainEqual(expect.objectContaining({ name: "Liberty Lake, WA" }));

    const files = (await readdir(path.join(dir, "dist"), { recursive: true })).filter((file) => file.endsWith(".html"));
    for (const file of files) expect(await page(file), file).not.toContain("Liberty Lake, ID");
  }, 90_000);
});

// Two towns called Hayden, one each side of the line (the second made up for the test): wherever a
// name stands alone, each carries its state.
describe("two towns of one name", () => {
  beforeEach(async () => {
    dir = await copyFixture("two-states");
  });
  afterEach(() => removeDir(dir));

  it("are Hayden, ID and Hayden, WA in the town lists, the nearby buttons and the breadcrumbs, never Hayden alone", async () => {
    await editProjectFile(dir, "site.yaml", (text) =>
      text.replace(
        "\n  - name: \"Liberty Lake\"\n",
        "\n  - name: \"Hayden\"\n    slug: hayden-wa\n    region: \"WA\"\n    lat: 47.68\n    lng: -117.1\n    nearby: [hayden, liberty-lake, greenacres]\n    intro: >-\n      A made-up Hayden on the Washington side, for a test: its lawns and orchards see gophers every spring.\n  - name: \"Liberty Lake\"\n",
      ),
    );
    await buildProject(dir);
    const links = (html: string) => [...html.matchAll(/<a [^>]*href="\/hayden[^"]*"[^>]*>([^<]*)</g)].map((match) => match[1]!.trim());
    const home = await page("index.html");
    expect(links(home)).toEqual(expect.arrayContaining(["Hayden, ID", "Hayden, WA"]));
    expect(links(home)).not.toContain("Hayden");
    const washington = await page("hayden-wa-gopher-control.html");
    expect(washington).toMatch(/<h1[^>]*>Gopher Control in Hayden, WA<\/h1>/);
    expect(links(washington).some((text) => text.startsWith("Hayden, ID"))).toBe(true);
    const crumbs = jsonLd(washington).find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> };
    expect(crumbs.itemListElement.at(-1)!.name).toMatch(/^Hayden, WA /);
    expect(await page("service-areas.html")).not.toMatch(/>\s*Hayden\s*</);
  }, 90_000);
});

describe("a town's name in another language", () => {
  afterEach(() => removeDir(dir));

  it("is the one the language's cities.yaml gives, on its page and in its lists; the default language keeps site.yaml's", async () => {
    const project = (dir = await copyFixture("small"));
    await editProjectFile(project, "content/es/cities.yaml", (text) => text.replace("winchester:\n  intro:", "winchester:\n  name: Valle de Winchester\n  intro:"));
    await buildProject(project);
    const read = (file: string) => readFile(path.join(project, "dist", file), "utf8");
    const spanish = await read("es/control-de-tuzas-winchester.html");
    expect(spanish).toMatch(/<h1[^>]*>[^<]*Valle de Winchester, CA[^<]*<\/h1>/);
    expect(spanish).toContain("<title>Control de tuzas en Valle de Winchester");
    expect(await read("es/areas-de-servicio.html")).toContain(">Valle de Winchester</a>");
    const english = await read("winchester-gopher-control.html");
    expect(english).toContain("Winchester, CA");
    expect(english).not.toContain("Valle de Winchester");
  }, 120_000);
});
