import { readFile, readdir } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.ts";
import { runCli } from "../helpers/run-cli.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";
import { tradeWords } from "../helpers/trade-words.ts";

// examples/heating-cooling-spokane: the shape issue 24 asked for, as data. Five services, two pages
// of the company's own, towns in Washington and Idaho, a fractional review average, office hours
// with a 24/7 emergency line and a dated winter notice; built on a day inside the notice's dates.
const EXAMPLE = path.join(REPO_ROOT, "examples/heating-cooling-spokane");
const SERVICES = ["/furnace-repair", "/air-conditioning-installation", "/heat-pumps", "/duct-cleaning", "/water-heaters"];
const TOWNS = ["spokane-valley", "spokane", "liberty-lake", "greenacres", "otis-orchards", "post-falls", "coeur-d-alene", "hayden", "rathdrum"];
let out: string;
let built: BuildResult;
const html = (file: string) => readFile(path.join(out, file), "utf8");
const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main">'), page.indexOf("</main>"));
const footerOf = (page: string) => page.slice(page.indexOf('<footer class="site-footer">'));

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "gopher-site-heating-"));
  out = path.join(dir, "dist");
  built = await build({ config: path.join(EXAMPLE, "site.yaml"), out, today: "2026-12-05" });
}, 90_000);
afterAll(() => removeDir(path.dirname(out)));

describe("the heating-and-air example", () => {
  it("has a page for each of its five services, its two own pages and its nine towns", () => {
    const paths = built.pages.map((page) => page.path);
    expect(built.pages.filter((page) => page.template === "service").map((page) => page.path)).toEqual(SERVICES);
    expect(built.pages.filter((page) => page.template === "own").map((page) => page.path)).toEqual(["/financing", "/our-team"]);
    for (const town of TOWNS) expect(paths).toContain(`/${town}-heating-and-air`);
  });

  it("lists the five services in the menu's group in site.yaml's order, the financing page in the menu and the team page in the footer", async () => {
    const home = await html("index.html");
    const menu = home.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)![0];
    const links = [...menu.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(links.filter((href) => SERVICES.includes(href!))).toEqual(SERVICES);
    expect(menu).toContain("<details");
    expect(links).toContain("/financing");
    expect(links).not.toContain("/our-team");
    expect(footerOf(home)).toContain('href="/our-team"');
  });

  it("names each town with its own state and writes Coeur d'Alene as people do", async () => {
    const [postFalls, spokane, coeur] = await Promise.all([html("post-falls-heating-and-air.html"), html("spokane-heating-and-air.html"), html("coeur-d-alene-heating-and-air.html")]);
    expect(postFalls).toContain("<title>Heating and Air Conditioning in Post Falls, ID</title>");
    expect(spokane).toContain("<title>Heating and Air Conditioning in Spokane, WA</title>");
    expect(coeur).toContain("Coeur d&#x27;Alene, ID");
    const served = JSON.stringify(jsonLd(await html("index.html")).map((item) => item.areaServed ?? item["@graph"]?.map((each: { areaServed?: unknown }) => each.areaServed)));
    for (const town of ["Post Falls, ID", "Coeur d'Alene, ID", "Rathdrum, ID", "Spokane, WA", "Liberty Lake, WA"]) expect(served).toContain(`"name":"${town}"`);
  });

  it("says the true review claim, 4.8 stars from 212 reviews, and publishes the emergency line", async () => {
    const home = await html("index.html");
    expect(home).toContain("4.8 stars from 212 reviews");
    expect(home).not.toMatch(/5-Star/);
    expect(footerOf(home)).toContain("Emergencies, day and night:");
    expect(footerOf(home)).toContain('href="tel:+15095550199"');
  });

  it("gives each service page Service structured data with the company as provider", async () => {
    for (const service of SERVICES) {
      const items = jsonLd(await html(`${service.slice(1)}.html`)).flatMap((item) => (item["@graph"] ?? [item]) as Record<string, unknown>[]);
      const described = items.find((item) => item["@type"] === "Service");
      expect(described, service).toBeDefined();
      expect(JSON.stringify(described!.provider)).toContain("Inland Comfort Heating");
    }
  });

  it("shows a service's own prices and questions, and gives its Service its prices as offers", async () => {
    const furnace = await html("furnace-repair.html");
    expect(mainOf(furnace)).toContain("$89");
    expect(mainOf(furnace)).toContain("Should I repair my furnace or replace it?");
    const items = jsonLd(furnace).flatMap((item) => (item["@graph"] ?? [item]) as Record<string, unknown>[]);
    const offers = items.find((item) => item["@type"] === "Service")!.offers as { name: string; price: number; priceCurrency: string }[];
    expect(offers.map(({ name, price, priceCurrency }) => [name, price, priceCurrency])).toEqual([["Diagnostic visit", 89, "USD"], ["Yearly furnace tune-up", 129, "USD"]]);
    expect(items.some((item) => item["@type"] === "FAQPage")).toBe(true);
    const heatPumps = jsonLd(await html("heat-pumps.html")).flatMap((item) => (item["@graph"] ?? [item]) as Record<string, unknown>[]);
    expect(heatPumps.find((item) => item["@type"] === "Service")!.offers).toBeUndefined();
  });

  it("lists the other services on each service's page as cards with their icons, names and summaries, linking to them", async () => {
    for (const service of SERVICES) {
      const section = mainOf(await html(`${service.slice(1)}.html`)).match(/<section[^>]*id="other-services"[\s\S]*?<\/section>/)![0];
      const links = [...section.matchAll(/<h3><a href="([^"]+)">/g)].map((match) => match[1]);
      expect(links, service).toEqual(SERVICES.filter((other) => other !== service));
    }
    const furnace = mainOf(await html("furnace-repair.html"));
    expect(furnace).toContain('<h3><a href="/heat-pumps">Heat Pumps</a></h3><p>Cold-climate heat pumps that heat through a North Idaho winter and cool in July, ducted or ductless.</p>');
    expect(furnace).toMatch(/#fan"><\/use><\/svg><h3><a href="\/heat-pumps">/);
  });

  it("shows the winter notice on a day inside its dates, in the page's words", async () => {
    const home = await html("index.html");
    expect(home).toContain("Winter hours: no-heat calls answered day and night at (509) 555-0199. Furnace tune-ups $129.");
  });

  it("shows the financing page's prices in the page's locale and the team's people", async () => {
    const [financing, team] = await Promise.all([html("financing.html"), html("our-team.html")]);
    expect(mainOf(financing)).toContain("$449");
    expect(mainOf(team)).toContain("Dana Whitaker");
    expect(mainOf(team)).toContain("Lead installer");
  });

  it("draws its trade's icons from the icon library: only those its copy names join the sprite", async () => {
    const home = await html("index.html");
    const sprite = await html(home.match(/<use href="\/([^"#]+)#/)![1]!);
    for (const name of ["flame", "snowflake", "fan", "wind", "droplets", "wrench", "badge-dollar-sign"]) expect(sprite, name).toContain(`<symbol id="${name}"`);
    expect(sprite).not.toContain('<symbol id="anchor"');
    expect(await html("furnace-repair.html")).toMatch(/<use href="\/[^"#]+#flame"/);
  });

  it("takes call-back requests with its own form (gopher-site serve), whose fields list its towns and services, and says so in its privacy policy", async () => {
    const home = await html("index.html");
    const form = home.slice(home.indexOf("<form"), home.indexOf("</form>"));
    expect(form).toContain('action="/api/lead" method="post"');
    expect(form).toContain("<option value=\"Coeur d&#x27;Alene\">Coeur d&#x27;Alene</option>");
    expect(form).toContain('<option value="water-heaters">Water Heaters</option>');
    expect(await html("thank-you.html")).toContain("No heat or no hot water right now? Call (509) 555-0199, day and night.");
    expect(mainOf(await html("privacy-policy.html"))).toContain("Our website&#39;s own server keeps each request and e-mails it to us.");
  });

  it("carries no word of the sample's trade on any page", async () => {
    const files = (await readdir(out, { recursive: true })).filter((name) => /\.(html|xml|txt|webmanifest)$/.test(name));
    const found = await Promise.all(files.map(async (file) => tradeWords(await readFile(path.join(out, file), "utf8")).map((word) => `${file}: ${word}`)));
    expect(found.flat()).toEqual([]);
  });

  it("passes check --strict as written", async () => {
    const result = await runCli(["check", "--strict", "--config", path.join(EXAMPLE, "site.yaml")], { cwd: REPO_ROOT, env: { GOPHER_SITE_TODAY: "2026-12-05" } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/no problems/);
  }, 60_000);
});
