import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.ts";
import { loadEditions } from "../../src/content/load-editions.ts";
import { documentConditions } from "../../src/routes/privacy.ts";
import { problemLinesAsync } from "../helpers/problems.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// Services are site.yaml's list; each one's copy is content/services/<id>.yaml. Whatever names a
// service (a testimonial, a language's untranslated list, a copy file) names it by its id. The
// fixture has six services, in English and Spanish; Spanish leaves the last four untranslated.
const ADDED = "lawn-aeration, mole-control, ground-squirrel-control, vole-control";
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("many-services");
});
afterEach(() => removeDir(dir));

const edit = (file: string, change: (text: string) => string) => editProjectFile(dir, file, change);

async function problems(): Promise<string[]> {
  return problemLinesAsync(async () => {
    const { site } = await loadConfig({ path: path.join(dir, "site.yaml"), displayPath: "site.yaml" });
    return loadEditions({ site, contentDir: path.join(dir, "content"), displayDir: "content", conditions: documentConditions(site) });
  });
}

const lineOf = async (file: string, text: string, from = 0) => (await readFile(path.join(dir, file), "utf8")).split("\n").findIndex((line, index) => index >= from && line.includes(text)) + 1;

describe("services", { timeout: 60_000 }, () => {
  it("name a copy file left in content/pages/ (the shape before services were a list) with where it goes, and move nothing", async () => {
    await writeFile(path.join(dir, "content/pages/residential.yaml"), "title: Old\n");
    await writeFile(path.join(dir, "content/es/pages/commercial.yaml"), "title: Viejo\n");
    expect(await problems()).toEqual([
      "content/es/pages/commercial.yaml  not a page of gopher-site; a service's copy is content/es/services/commercial.yaml now, with - id: commercial in site.yaml's services: move it there",
      "content/pages/residential.yaml  not a page of gopher-site; a service's copy is content/services/residential.yaml now, with - id: residential in site.yaml's services: move it there",
    ]);
    expect(existsSync(path.join(dir, "content/pages/residential.yaml"))).toBe(true);
  });

  it("are named by id in testimonials: an unknown one at its line, with the site's services", async () => {
    await edit("content/testimonials.yaml", (text) => text.replace("    service: commercial\n", "    service: comercial\n"));
    const line = await lineOf("content/testimonials.yaml", "service: comercial");
    expect(await problems()).toEqual([`content/testimonials.yaml:${line}:14  items.3.service  names no service of site.yaml; its services: residential, commercial, ${ADDED}`]);
  });

  it("each need their copy, with sections of a known type", async () => {
    await edit("content/services/residential.yaml", (text) => text.replace("    type: prose\n", "    type: slideshow\n").replace("icon: home\n", ""));
    const type = await lineOf("content/services/residential.yaml", "type: slideshow");
    expect(await problems()).toEqual([
      "content/services/residential.yaml:1:1  icon  is required: one of the tool's own icons (clock, shield, leaf, home, family, badge, calendar, phone, shed, map, chart, star, building, tree, check, close, menu, arrow, back, mail) or any of https://lucide.dev/icons/ by its name",
      `content/services/residential.yaml:${type}:11  sections.2.type  must have a type: cards, checklist, steps, prose, reviews, prices, faq, team, gallery, services or cta`,
    ]);
  });

  it("may each be left untranslated by id, and language.yaml names only pages the site has", async () => {
    await edit("content/es/language.yaml", (text) => text.replace(`untranslated: [legal, ${ADDED}]`, `untranslated: [legal, commercial, ${ADDED}]`));
    const built = await buildProject(dir, { write: false });
    const services = built.pages.filter((page) => page.template === "service").map((page) => page.path);
    expect(services).toEqual([
      "/residential-gopher-control", "/commercial-gopher-control", "/lawn-aeration", "/mole-control", "/ground-squirrel-control", "/vole-control", "/es/control-de-tuzas-residencial",
    ]);
    await edit("content/es/language.yaml", (text) => text.replace(`untranslated: [legal, commercial, ${ADDED}]`, `untranslated: [legal, gallery, ${ADDED}]`).replace("  about: nosotros\n", "  about: nosotros\n  team: equipo\n"));
    expect(await problems()).toEqual([
      `content/es/language.yaml:${await lineOf("content/es/language.yaml", "untranslated:")}:23  untranslated.1  must be one of: service-areas, about, city, blog, legal, thank-you, residential, commercial, ${ADDED} (kinds of page, then site.yaml's services and pages), or a town's slug`,
      `content/es/language.yaml:${await lineOf("content/es/language.yaml", "team: equipo")}:3  slugs.team  unknown key (allowed: residential, commercial, ${ADDED}, service-areas, about, city, blog, thank-you)`,
    ]);
  });

  it("are listed in the owner's order; past two, the menu groups them in a disclosure that works without JavaScript", async () => {
    const built = await buildProject(dir);
    expect(built.pages.filter((page) => page.template === "service" && page.lang === "en").map((page) => page.path)).toEqual([
      "/residential-gopher-control", "/commercial-gopher-control", "/lawn-aeration", "/mole-control", "/ground-squirrel-control", "/vole-control",
    ]);
    const page = await readFile(path.join(dir, "dist", "mole-control.html"), "utf8");
    const menu = page.match(/<nav id="site-nav"[\s\S]*?<\/nav>/)![0];
    const links = '<li><a href="/residential-gopher-control">Residential</a></li><li><a href="/commercial-gopher-control">Commercial</a></li>' +
      '<li><a href="/lawn-aeration">Lawn Aeration</a></li><li><a href="/mole-control" aria-current="page">Mole Control</a></li>' +
      '<li><a href="/ground-squirrel-control">Ground Squirrel Control</a></li><li><a href="/vole-control">Vole Control</a></li>';
    expect(menu).toContain(`<li><a href="/">Home</a></li><li class="nav-group"><details><summary class="nav-group-current">Services</summary><ul>${links}</ul></details></li><li><a href="/service-areas">`);
    expect(page).toContain(`<h2>Services</h2><ul>${links.replace(' aria-current="page"', "")}<li><a href="/service-areas">Service Areas</a></li></ul>`);
    // The group's styles are in this site's service pages' stylesheet (a site without the group does not carry them).
    const stylesheet = page.match(/<link rel="stylesheet" href="\/(assets\/service[a-z-]*\.[^"]+\.css)"/)![1]!;
    expect(await readFile(path.join(dir, "dist", stylesheet), "utf8")).toContain(".nav-group summary");
  });
});

describe("a service's id and address", { timeout: 60_000 }, () => {
  it("may not be a name every object has, nor an address gopher-site writes anyway: each said at its line in site.yaml", async () => {
    await edit("site.yaml", (text) =>
      text
        .replace("  - id: lawn-aeration\n    path: /lawn-aeration", "  - id: constructor\n    path: /about")
        .replace("  - id: vole-control\n    path: /vole-control", "  - id: vole-control\n    path: /es")
        .replace("  - id: mole-control\n    path: /mole-control", "  - id: mole-control\n    path: /thank-you"),
    );
    const at = await lineOf("site.yaml", "id: constructor");
    const lines = (await problemLinesAsync(() => buildProject(dir, { write: false }))).map((line) => line.replace(`${dir}/`, ""));
    expect(lines).toContain(`site.yaml:${at}:9  services.2.id  "constructor" is a name the tool keeps for itself; choose another id`);
    expect(lines).toContain(`site.yaml:${at + 1}:11  services.2.path  /about is already the address of a page of gopher-site; choose another path`);
    // Every fixed address of the registry (src/page-kinds.ts), the thank-you page's too.
    expect(lines).toContain(`site.yaml:${(await lineOf("site.yaml", "path: /thank-you"))}:11  services.3.path  /thank-you is already the address of a page of gopher-site; choose another path`);
    expect(lines.filter((line) => line.includes("services.5.path"))).toEqual([
      `site.yaml:${await lineOf("site.yaml", "path: /es")}:11  services.5.path  /es is already the address of the es pages' home; choose another path`,
    ]);
  });
});
