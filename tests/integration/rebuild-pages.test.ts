import { cp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.ts";
import { createRebuilder } from "../../src/dev/rebuild.ts";
import { awaitRemoval } from "../../src/write/swap.ts";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { editProjectFile, REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// Which pages a dev server renders again after a change (src/dev/rebuild.ts): those whose data
// changed, known from the data itself. rebuild-identity.test.ts proves the result the same as a
// clean build's; this file proves the work is only what the change touches.

let dir: string;
let rebuilder: ReturnType<typeof createRebuilder>;
let pageCount: number;
const out = () => path.join(dir, ".served");

/** The small fixture (English and Spanish) with the tool's templates copied in, as a project with its own templates has them, to edit them. */
async function copySite(): Promise<string> {
  const site = await copyFixture("small");
  await cp(path.join(REPO_ROOT, "templates"), path.join(site, "templates"), { recursive: true });
  return site;
}
const TOWN_PARAGRAPH = "is an unincorporated farming";
const TOWN_PARAGRAPH_CHANGED = "is an unincorporated, rural farming";
const NEW_TOWN =
  "\n  - name: Quail Hollow\n    slug: quail-hollow\n    lat: 33.9\n    lng: -116.9\n    neighborhoods: [Quail Ridge, Dove Canyon, Hawk Point, Owl Flats]\n    nearby: [menifee, murrieta, winchester]\n    intro: >-\n      A small test town.\n  - name: Menifee\n";

beforeAll(async () => {
  dir = await copySite();
  rebuilder = createRebuilder(path.join(dir, "site.yaml"), out());
  const first = await rebuilder.rebuild();
  expect(first.whole).toBe(true);
  pageCount = first.result.pages.length;
}, 120_000);
afterAll(async () => {
  if (dir) await removeDir(dir);
});

/** The files a case changed, as they were: put back after it, so each case starts from the fixture, built. */
const originals = new Map<string, string>();
afterEach(async () => {
  if (originals.size === 0) return;
  for (const [file, text] of originals) await writeFile(file, text);
  originals.clear();
  await rebuilder.rebuild();
}, 120_000);

async function afterEdit(file: string, change: (text: string) => string) {
  const absolute = path.join(dir, file);
  if (!originals.has(absolute)) originals.set(absolute, await readFile(absolute, "utf8"));
  await editProjectFile(dir, file, change);
  const rebuilt = await rebuilder.rebuild();
  expect(rebuilt.whole).toBe(false);
  return rebuilt;
}

describe("a rebuild renders only the pages a change touches", { timeout: 60_000 }, () => {
  it("a town's paragraph: its page in that language, nothing else", async () => {
    const rebuilt = await afterEdit("site.yaml", (text) => text.replace(TOWN_PARAGRAPH, TOWN_PARAGRAPH_CHANGED));
    expect(rebuilt.rendered).toEqual(["winchester-gopher-control.html"]);
    expect(rebuilt.written).toBe(1);
    expect(await readFile(path.join(out(), "winchester-gopher-control.html"), "utf8")).toContain(TOWN_PARAGRAPH_CHANGED);
  });

  it("its Spanish paragraph: its Spanish page only", async () => {
    const rebuilt = await afterEdit("content/es/cities.yaml", (text) => text.replace(/(winchester:\n\s+intro: (?:>-\n\s+)?)/, "$1Nota. "));
    expect(rebuilt.rendered).toHaveLength(1);
    expect(rebuilt.rendered[0]).toMatch(/^es\/.*winchester.*\.html$/);
  });

  it("a page's own copy: that page", async () => {
    const rebuilt = await afterEdit("content/pages/about.yaml", (text) => text.replace("About Our Family Business", "About Our Family Firm"));
    expect(rebuilt.rendered).toEqual(["about.html"]);
  });

  it("a town added: its page and the pages that list it, not the articles", async () => {
    const rebuilt = await afterEdit("site.yaml", (text) => text.replace("\n  - name: Menifee\n", NEW_TOWN));
    expect(rebuilt.rendered).toContain("quail-hollow-gopher-control.html");
    expect(rebuilt.rendered).toContain("service-areas.html");
    expect(rebuilt.rendered.some((file) => file.startsWith("blog/"))).toBe(false);
    expect(rebuilt.rendered.length).toBeLessThan(pageCount / 2);
  });

  it("a file saved unchanged: nothing rendered or written", async () => {
    const config = path.join(dir, "site.yaml");
    await writeFile(config, await readFile(config, "utf8"));
    const rebuilt = await rebuilder.rebuild();
    expect([rebuilt.rendered, rebuilt.written, rebuilt.removed]).toEqual([[], 0, 0]);
  });

  it("a fact on every page (the phone): every page", async () => {
    const rebuilt = await afterEdit("site.yaml", (text) => text.replace("display: (951) 555-0142", "display: (951) 555-0143").replace('tel: "+19515550142"', 'tel: "+19515550143"'));
    expect(rebuilt.rendered).toHaveLength(rebuilt.result.pages.length);
  });

  it("the stylesheet: every page (each links its kind's by its new name), the old stylesheets removed", async () => {
    const before = (await readdir(path.join(out(), "assets"))).filter((name) => name.endsWith(".css"));
    const rebuilt = await afterEdit("templates/styles/site.css", (text) => `${text}\n.rebuild-test { color: #123456; }\n`);
    expect(rebuilt.rendered).toHaveLength(rebuilt.result.pages.length);
    // site.css is in every page kind's stylesheet and in the whole one.
    expect(rebuilt.removed).toBe(before.length);
    for (const name of before) await expect(stat(path.join(out(), "assets", name))).rejects.toThrow();
  });

  it("a template every page has (the footer): every page", async () => {
    const rebuilt = await afterEdit("templates/sections/footer.tsx", (text) => text.replace("<footer", '<footer data-edit="1"'));
    expect(rebuilt.rendered).toHaveLength(rebuilt.result.pages.length);
  });

  it("one kind's template (the article's): the pages of the kinds whose templates import it (articles and legal pages), in each language", async () => {
    const rebuilt = await afterEdit("templates/pages/article.tsx", (text) => text.replace("<article", '<article data-edit="1"'));
    const using = rebuilt.result.pages.filter((page) => page.template === "article" || page.template === "legal").map((page) => page.outFile);
    expect(using).toEqual(
      expect.arrayContaining(["blog/60-day-warranty-explained.html", "es/blog/garantia-de-60-dias-explicada.html", "privacy-policy.html", "terms-of-service.html"]),
    );
    expect([...rebuilt.rendered].sort()).toEqual(using.sort());
  });
});

describe("a rebuild of more changed pages than it renders one by one", { timeout: 120_000 }, () => {
  it("writes the whole site through a staging folder, as a build does, and the folder is what a clean build writes", async () => {
    const own = await copySite();
    try {
      const served = path.join(own, ".served");
      // The fixture's pages (more than 10) stand for a site of thousands: past 10 changed pages, the whole site is written.
      const large = createRebuilder(path.join(own, "site.yaml"), served, { partialLimit: 10 });
      await large.rebuild();
      const folder = async () => (await stat(served)).ino;
      const before = await folder();
      await editProjectFile(own, "site.yaml", (text) => text.replace("display: (951) 555-0142", "display: (951) 555-0143").replace('tel: "+19515550142"', 'tel: "+19515550143"'));
      const rebuilt = await large.rebuild();
      expect(rebuilt.whole).toBe(true);
      expect(rebuilt.rendered).toHaveLength(rebuilt.result.pages.length);
      // A new folder swapped in, not pages written in place.
      const swapped = await folder();
      expect(swapped).not.toBe(before);
      expect(await readFile(path.join(served, "about.html"), "utf8")).toContain("(951) 555-0143");
      const clean = path.join(own, ".clean");
      await build({ config: path.join(own, "site.yaml"), out: clean });
      expect(await folderSnapshot(served)).toEqual(await folderSnapshot(clean));
      // And it renders one by one again after: a town's paragraph is one page.
      await editProjectFile(own, "site.yaml", (text) => text.replace(TOWN_PARAGRAPH, TOWN_PARAGRAPH_CHANGED));
      expect((await large.rebuild()).rendered).toEqual(["winchester-gopher-control.html"]);
      expect(await folder()).toBe(swapped);
    } finally {
      await removeDir(own);
    }
  });

  it("deletes the old folder after the swap, not before answering; the next whole rebuild waits for it, and none is left", async () => {
    const own = await copySite();
    try {
      const served = path.join(own, ".served");
      const large = createRebuilder(path.join(own, "site.yaml"), served, { partialLimit: 10 });
      await large.rebuild();
      const asides = async () => (await readdir(own)).filter((name) => name.startsWith(".served.previous-"));
      for (const display of ["(951) 555-0143", "(951) 555-0144", "(951) 555-0145"]) {
        await editProjectFile(own, "site.yaml", (text) => text.replace(/display: \(951\) 555-\d{4}/, `display: ${display}`).replace(/tel: "\+1951555\d{4}"/, `tel: "+1951555${display.slice(-4)}"`));
        // Each rebuild swaps its folder in while the one before may still be being deleted: at most that one is beside it.
        expect((await large.rebuild()).whole).toBe(true);
        expect((await asides()).length).toBeLessThanOrEqual(1);
        expect(await readFile(path.join(served, "about.html"), "utf8")).toContain(display);
      }
      await awaitRemoval();
      expect(await asides()).toEqual([]);
    } finally {
      await removeDir(own);
    }
  });
});
