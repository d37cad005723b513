import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGET, measureSite, pageBytes } from "../../scripts/js-budget.mjs";
import { CSS_BUDGET, pageStyles } from "../../scripts/measure-css.mjs";
import { build, type BuildResult } from "../../src/build.ts";
import { copyOwnFormSite, useOwnForm } from "../helpers/own-form-site.ts";
import { copySample, editProjectFile, REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// Issue 36: what a visitor's browser downloads per page, gzipped. JavaScript: at most 3.5 KB loaded
// with every page type, with a lead provider's form (the sample), the site's own form, and the own
// form with Cloudflare Turnstile; what a page imports on use (the own form's script, the distance
// sort's sorting) is measured apart (scripts/measure-js.mjs). CSS: at most 4 KB on every page of the
// sample, of a site with its own call-back form and of each example in examples/ (a brand colour,
// a menu group, a notice, an own form, prices and a team at once), as scripts/measure-css.mjs
// measures it. Each site is built once for both.

/** A built site: its folder (removed after), its output, and what the build said. */
type Built = { dir: string; dist: string; result: BuildResult };
const examples = (await readdir(path.join(REPO_ROOT, "examples"), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const makers: Record<string, () => Promise<{ dir: string; config: string }>> = {
  provider: async () => withConfig(await copySample()),
  own: async () => withConfig(await copyOwnFormSite()),
  turnstile: async () => {
    const dir = await copyOwnFormSite();
    await editProjectFile(dir, "site.yaml", (text) => text.replace("\nleads:\n  delivery: server\n", '\nleads:\n  delivery: server\n  turnstile: { siteKey: "1x00000000000000000000AA" }\n'));
    return withConfig(dir);
  },
  // The sample's every section (reviews, widget, gallery, prices) with the own form's rules too.
  "sample with own form": async () => {
    const dir = await copySample();
    await useOwnForm(dir);
    return withConfig(dir);
  },
  // Each example as it is, built into a temporary folder.
  ...Object.fromEntries(examples.map((name) => [`examples/${name}`, async () => ({ dir: await mkdtemp(path.join(tmpdir(), "page-bytes-")), config: path.join(REPO_ROOT, "examples", name, "site.yaml") })])),
};
const withConfig = (dir: string) => ({ dir, config: path.join(dir, "site.yaml") });
const builds = new Map<string, Promise<Built>>();
/** The site built once, whichever test asks first. */
function built(name: string): Promise<Built> {
  let site = builds.get(name);
  if (!site) {
    site = makers[name]!().then(async ({ dir, config }) => ({ dir, dist: path.join(dir, "dist"), result: await build({ config, out: path.join(dir, "dist") }) }));
    builds.set(name, site);
  }
  return site;
}
afterAll(async () => {
  for (const site of builds.values()) await removeDir((await site).dir);
});

// JavaScript

const over = (dir: string) => measureSite(path.join(dir, "dist")).filter((row) => row.bytes > BUDGET).map((row) => `${row.type} ${row.bytes} B (${row.file})`);

describe("the JavaScript each page loads", { timeout: 240_000 }, () => {
  it(`is at most ${BUDGET} B gzipped on every page type with a provider's form`, async () => {
    expect(over((await built("provider")).dir)).toEqual([]);
  });

  it(`is at most ${BUDGET} B gzipped on every page type with the site's own form`, async () => {
    expect(over((await built("own")).dir)).toEqual([]);
  });
  it(`is at most ${BUDGET} B gzipped on every page type with the own form and Turnstile`, async () => {
    expect(over((await built("turnstile")).dir)).toEqual([]);
  });

  // A module both the page's bundle and a chunk imported on use need would be a third file, every
  // page loading it (esbuild's shared chunk): the chunks are given what they need instead.
  it.each(["provider", "own", "turnstile"] as const)("is one file per page, and imports on use only the chunks the site has (%s form)", async (site) => {
    const dist = (await built(site)).dist;
    const scripts = readdirSync(path.join(dist, "assets")).filter((name) => name.endsWith(".js"));
    const onUse = new Set<string>();
    for (const file of htmlFilesOf(dist)) {
      const page = pageBytes(dist, file);
      expect(page.modules.length, file).toBeLessThanOrEqual(1);
      for (const chunk of page.onUse) onUse.add(path.posix.basename(chunk.url));
    }
    const chunks = scripts.filter((name) => !name.startsWith("site."));
    expect(chunks.filter((name) => name.startsWith("chunk."))).toEqual([]);
    // Every chunk built is one a page imports: none made for code the site's bundles leave out.
    expect([...onUse].sort()).toEqual(chunks.sort());
    expect(chunks.map((name) => name.replace(/\.\w+\.js$/, "")).sort()).toEqual(site === "provider" ? ["distance", "toast"] : ["distance", "lead-form"]);
  });

  // Each page loads one bundle, chosen by its template (templates/page-bundle.ts): one that leaves
  // out an enhancement the page's HTML has would leave it unenhanced, silently.
  it.each(["provider", "own", "turnstile"] as const)("enhances everything the page has (%s form)", async (site) => {
    const dist = (await built(site)).dist;
    const markers = ["data-callback-modal", "data-lead-modal", "data-turnstile", "data-distance-sort", "data-lazy-embed", "data-accordion", "data-privacy-choices", "data-not-found", "data-menu-button", "data-reveal"];
    const missing: string[] = [];
    for (const file of htmlFilesOf(dist)) {
      const html = readFileSync(path.join(dist, file), "utf8");
      // What the page loads with it or on use: the own form's script comes when the visitor acts.
      const { modules, onUse } = pageBytes(dist, file);
      const code = [...modules, ...onUse.flatMap((chunk) => chunk.modules)].map((url) => readFileSync(path.join(dist, url), "utf8")).join("\n");
      for (const marker of markers) if (html.includes(`${marker}=`) && !code.includes(marker)) missing.push(`${file}: ${marker}`);
    }
    expect(missing).toEqual([]);
  });
});

function htmlFilesOf(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : htmlFilesOf(dir, rel);
    return entry.name.endsWith(".html") ? [rel] : [];
  });
}

// CSS

type Measured = Array<{ page: string; template: string; sections?: string; html: string; bytes: number; sheets: string[] }>;

async function measure(dist: string, built: BuildResult): Promise<Measured> {
  return Promise.all(
    built.pages.map(async (page) => {
      const sheets = pageStyles(dist, page.outFile);
      const html = await readFile(path.join(dist, page.outFile), "utf8");
      // A service's or an own page's section types, each once, sorted.
      const sections = page.template === "service" || page.template === "own" ? [...new Set(page.page.copy.sections.map((section) => section.type))].sort().join(" ") : undefined;
      return { page: page.path, template: page.template, sections, html, bytes: sheets.reduce((sum, sheet) => sum + sheet.bytes, 0), sheets: sheets.map((sheet) => sheet.name) };
    }),
  );
}

const cssSites: Array<[string, () => Promise<Built>]> = [
  ["the sample", () => built("provider")],
  ["the own-form fixture", () => built("own")],
  ["the sample with its own form", () => built("sample with own form")],
  ...examples.map((name): [string, () => Promise<Built>] => [`examples/${name}`, () => built(`examples/${name}`)]),
];

/** Whether a stylesheet has a rule naming the class. */
const styles = (css: string, name: string) => new RegExp(`\\.${name.replace(/[^\w-]/g, "\\$&")}(?![\\w-])`).test(css);

describe.each(cssSites)("the CSS of each page of %s", (_name, make) => {
  let site: Built;
  let pages: Measured;
  beforeAll(async () => {
    site = await make();
    pages = await measure(site.dist, site.result);
  }, 120_000);

  it(`is one stylesheet of its page kind, at most ${CSS_BUDGET} B gzipped`, () => {
    expect(pages.length).toBeGreaterThan(10);
    const over = pages.filter((page) => page.bytes > CSS_BUDGET).map((page) => `${page.page} (${page.template}): ${page.bytes} B`);
    expect(over).toEqual([]);
    for (const page of pages) expect(page.sheets, page.page).toEqual([expect.stringMatching(new RegExp(`^/assets/[a-z-]+\\.[A-Za-z0-9_-]{10}\\.css$`))]);
  });

  it("is the same file for the pages of one kind (a service's or own page's: of the same sections), and another kind's has other rules", () => {
    const byKind = new Map<string, Set<string>>();
    for (const page of pages) {
      // Service and own pages may have different sections: each set of them has its stylesheet ("own-cta-prose-team").
      const kind = page.sections === undefined ? page.template : `${page.template} ${page.sections}`;
      byKind.set(kind, (byKind.get(kind) ?? new Set()).add(page.sheets[0]!));
    }
    for (const [kind, sheets] of byKind) expect([...sheets], kind).toHaveLength(1);
    expect(byKind.get("city")).not.toEqual(byKind.get("article"));
  });

  it("styles every class of the page the whole stylesheet styles, and a service's or own page's price table and team only where it has one", async () => {
    const assets = await readdir(path.join(site.dist, "assets"));
    const whole = await readFile(path.join(site.dist, "assets", assets.find((file) => /^site\.[\w-]+\.css$/.test(file))!), "utf8");
    const sheets = new Map<string, string>();
    const missing: string[] = [];
    for (const page of pages) {
      const href = page.sheets[0]!;
      if (!sheets.has(href)) sheets.set(href, await readFile(path.join(site.dist, href), "utf8"));
      const css = sheets.get(href)!;
      const classes = new Set([...page.html.matchAll(/\bclass="([^"]+)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
      for (const name of classes) if (name && styles(whole, name) && !styles(css, name)) missing.push(`${page.page}: .${name}`);
      if (page.template === "service" || page.template === "own") {
        for (const name of ["price-table", "team"]) expect(styles(css, name), `${page.page}: .${name}`).toBe(classes.has(name));
      }
    }
    expect(missing).toEqual([]);
  });
});
