import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { problemLinesAsync } from "../helpers/problems.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// Pages of the owner's own: site.yaml's `pages` list, each one's sections in content/own/<id>.yaml.
// The fixture (tests/fixtures/own-pages/) has a financing page in the menu and a team page in the footer.
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("own-pages");
});
afterEach(() => removeDir(dir));

const edit = (file: string, change: (text: string) => string) => editProjectFile(dir, file, change);
const read = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
const problems = () => problemLinesAsync(() => buildProject(dir, { write: false, displayFrom: dir }));
const lineOf = async (file: string, text: string) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

describe("own pages", { timeout: 60_000 }, () => {
  it("are built from their sections, in the sitemap, each in the place the owner gives it", async () => {
    const built = await buildProject(dir);
    expect(built.pages.filter((page) => page.template === "own").map((page) => page.path)).toEqual(["/financing", "/our-team"]);
    const financing = await read("financing.html");
    expect(financing).toContain("<title>Gopher Control Financing and Prices | Gopher Guard Family Trapping</title>");
    // The price table writes site.yaml's prices in the page's locale.
    expect(financing).toContain('<tr><th scope="row">Setup and first visit<span class="price-note">Includes the inspection and every trap we set that day</span></th><td>$295</td></tr>');
    expect(financing).toContain('<tr><th scope="row">Each additional gopher</th><td>$45</td></tr>');
    expect(financing).toContain('<h3><a href="/about">Our Warranty</a></h3><p>Every job carries our written 60-day warranty.</p>');
    expect(financing).toContain('<details class="faq-item" name="financing-faq-items"><summary>Is there interest on monthly payments?</summary>');
    expect(financing).toContain('<h2 id="financing-cta-heading">Ask Us for a Quote</h2>');
    expect(financing).toContain('"@type":"WebPage","name":"Financing"');
    expect(financing).toContain('"@type":"FAQPage"');
    const team = await read("our-team.html");
    expect(team).toContain('<h3>Maria Lopez</h3><p class="team-role">Owner and Lead Trapper</p><p>Started the company after clearing her own orchard of gophers.</p>');
    expect(team).toContain('<figcaption>Before</figcaption>');
    // menu: main is in the menu (not the footer); menu: footer in the footer's company links (not the menu).
    const menu = (html: string) => html.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)![0];
    const footer = (html: string) => html.match(/<footer[\s\S]*?<\/footer>/)![0];
    expect(menu(team)).toContain('<li><a href="/blog">Blog</a></li><li><a href="/financing">Financing</a></li>');
    expect(footer(team)).not.toContain('href="/financing"');
    expect(footer(financing)).toContain('<li><a href="/blog">Blog</a></li><li><a href="/our-team">Our Team</a></li>');
    expect(menu(financing)).not.toContain('href="/our-team"');
    const sitemap = await read("sitemap.xml");
    expect(sitemap).toContain("<loc>https://www.gopherguard.example.com/financing</loc>");
    expect(sitemap).toContain("<loc>https://www.gopherguard.example.com/our-team</loc>");
  });

  it("are left out of a language with a notice until translated, then built at its own address", async () => {
    const before = await buildProject(dir, { write: false, displayFrom: dir });
    expect(before.pages.filter((page) => page.template === "own" && page.lang === "es")).toEqual([]);
    expect(before.notices).toContain("Español (es): the financing page, the team page not translated yet, so built in the default language only (check --strict fails until they are)");
    expect(before.warnings.map((warning) => warning.file)).toContain("content/es/own/financing.yaml");
    await cp(path.join(dir, "content/own"), path.join(dir, "content/es/own"), { recursive: true });
    await edit("content/es/language.yaml", (text) => text.replace("  blog: blog\n", "  blog: blog\n  financing: financiamiento\n"));
    await edit("content/es/own/financing.yaml", (text) => text.replace("title: Gopher Control Financing and Prices", "title: Financiamiento y precios").replace("name: Financing", "name: Financiamiento"));
    await edit("content/es/own/team.yaml", (text) => text.replace("title: Our Team of Gopher Trappers", "title: Nuestro equipo"));
    const after = await buildProject(dir);
    expect(after.pages.filter((page) => page.template === "own").map((page) => page.path)).toEqual(["/financing", "/our-team", "/es/financiamiento", "/es/our-team"]);
    expect(after.notices.some((notice) => notice.includes("financing"))).toBe(false);
    // The Spanish menu leads to the Spanish page, priced as es-US writes dollars.
    const page = await read("es/financiamiento.html");
    expect(page).toContain('<li><a href="/es/financiamiento" aria-current="page">Financiamiento</a></li>');
    expect(page).toContain("<td>$295</td>");
  });

  it("refuse a section of no known type and a price site.yaml does not have, at their lines", async () => {
    await edit("content/own/team.yaml", (text) => text.replace("type: gallery", "type: slideshow"));
    await edit("content/own/financing.yaml", (text) => text.replace("price: extraGopher", "price: extraMole"));
    const type = await lineOf("content/own/team.yaml", "type: slideshow");
    const price = await lineOf("content/own/financing.yaml", "price: extraMole");
    expect(await problems()).toEqual([
      `content/own/financing.yaml:${price}:16  sections.0.rows.1.price  must name a price of site.yaml's prices: setup, extraGopher`,
      `content/own/team.yaml:${type}:11  sections.1.type  must have a type: cards, checklist, steps, prose, reviews, prices, faq, team, gallery, services or cta`,
    ]);
  });

  it("refuse a link to no page of the site, at its line", async () => {
    await edit("content/own/financing.yaml", (text) => text.replace("href: /about", "href: /warranty"));
    const line = await lineOf("content/own/financing.yaml", "href: /warranty");
    expect(await problems()).toEqual([
      `content/own/financing.yaml:${line}:15  sections.1.cards.1.href  /warranty is no page of this site; link to one of its addresses, e.g. /, /residential-gopher-control, /commercial-gopher-control`,
    ]);
  });

  it("refuse an id or an address another page has, in site.yaml", async () => {
    await edit("site.yaml", (text) => text.replace("  - id: team\n    path: /our-team", "  - id: residential\n    path: /about"));
    const id = (await lineOf("site.yaml", "    path: /about")) - 1;
    expect(await problems()).toEqual([
      `site.yaml:${id}:9  pages.1.id  "residential" is already the id of services.0; choose another id`,
      `site.yaml:${id + 1}:11  pages.1.path  /about is already the address of a page of gopher-site; choose another path`,
    ]);
  });

  it("name the site.yaml entry to change when an own page takes a legal page's address", async () => {
    await edit("site.yaml", (text) => text.replace("    path: /our-team", "    path: /privacy-policy"));
    expect(await problems()).toEqual(["privacy-policy.html  both /privacy-policy and /privacy-policy would be written here; give the page team another path in site.yaml's pages"]);
  });

  it("name a copy file of content/own/ that site.yaml does not list: not built, nothing moved", async () => {
    await cp(path.join(dir, "content/own/team.yaml"), path.join(dir, "content/own/careers.yaml"));
    const built = await buildProject(dir, { write: false, displayFrom: dir });
    expect(built.notices).toContain("content/own/careers.yaml is no page of site.yaml's pages, so it is not built: list it there (- id: careers / path: /careers)");
    expect(built.pages.some((page) => page.path === "/careers")).toBe(false);
  });
});
