import { copyFile, cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.ts";
import { createRebuilder, type Rebuilt } from "../../src/dev/rebuild.ts";
import { folderSnapshot } from "../helpers/folder-snapshot.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// A dev server renders only the pages whose data changed (src/dev/rebuild.ts). Proved here: after
// every step of a random sequence of edits (towns, facts, copy, translations, articles, templates,
// styles, public files, towns added and removed, and edits that break the site), the folder it
// serves holds exactly the files, byte for byte, of a clean `gopher-site build` of the same files;
// a failed rebuild leaves it as it was. The sequence comes from a seed: a failure names it, and
// GOPHER_SITE_SEED=<n> repeats it.

/** A small seeded generator (mulberry32): the same seed, the same edits. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.GOPHER_SITE_SEED ?? Date.now() % 100_000);
/** Random picks after every edit has run once, in a random order. */
const MORE_STEPS = 6;

let dir: string;
const ARTICLE = "content/blog/60-day-warranty-explained.md";
const file = (name: string) => path.join(dir, name);
async function edit(name: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(file(name), "utf8");
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${name} changed nothing`);
  await writeFile(file(name), after);
}

const NEW_TOWN = `  - name: Quail Hollow
    slug: quail-hollow
    lat: 33.9
    lng: -116.9
    neighborhoods: [Quail Ridge, Dove Canyon, Hawk Point, Owl Flats]
    nearby: [menifee, murrieta, winchester]
    intro: >-
      Quail Hollow is a small test town with gophers in its orchards and lawns.
`;

/** Each edit changes the project as an owner or developer would; `breaks` edits leave a site that must not build. */
const EDITS: Array<{ name: string; breaks?: boolean; spanish?: boolean; apply(n: number): Promise<void> }> = [
  { name: "a town's paragraph", apply: (n) => edit("site.yaml", (text) => text.replace(/is an (?:\w+ )?unincorporated farming/, `is an w${n} unincorporated farming`)) },
  {
    name: "the phone number (every page)",
    apply: (n) => {
      const digits = String(1000 + n).slice(-4);
      return edit("site.yaml", (text) => text.replace(/display: \(951\) 555-\d{4}/, `display: (951) 555-${digits}`).replace(/tel: "\+1951555\d{4}"/, `tel: "+1951555${digits}"`));
    },
  },
  { name: "a town's neighbourhood", apply: (n) => edit("site.yaml", (text) => text.replace(/\[Heritage Lake(?: \d+)?,/, `[Heritage Lake ${n},`)) },
  { name: "a nearby town's name (on its neighbours' pages)", apply: (n) => edit("site.yaml", (text) => text.replace(/- name: Murrieta(?: \d+)?\n/, `- name: Murrieta ${n}\n`)) },
  { name: "the town pages' copy", apply: (n) => edit("content/pages/city.yaml", (text) => text.replace(/Call for a Free Quote(?: \d+)?/, `Call for a Free Quote ${n}`)) },
  { name: "the words around every page", apply: (n) => edit("content/chrome.yaml", (text) => text.replace(/skipLink: Skip to main content(?: \d+)?/, `skipLink: Skip to main content ${n}`)) },
  { name: "the About page's title", apply: (n) => edit("content/pages/about.yaml", (text) => text.replace(/About Our Family Business(?: \d+)?/, `About Our Family Business ${n}`)) },
  { name: "a Spanish town paragraph", spanish: true, apply: (n) => edit("content/es/cities.yaml", (text) => text.replace(/(intro: (?:>-\n\s+)?)/, `$1Nota ${n}. `)) },
  { name: "an article's text", apply: (n) => edit(ARTICLE, (text) => `${text.trimEnd()}\n\nOne more paragraph, number ${n}.\n`) },
  { name: "a template", apply: (n) => edit("templates/sections/footer.tsx", (text) => text.replace(/<footer(?: data-edit="\d+")?/, `<footer data-edit="${n}"`)) },
  { name: "one kind's template", apply: (n) => edit("templates/pages/article.tsx", (text) => text.replace(/<article(?: data-edit="\d+")?/, `<article data-edit="${n}"`)) },
  { name: "the stylesheet", apply: (n) => edit("templates/styles/site.css", (text) => `${text}\n.edit-${n} { color: #123456; }\n`) },
  {
    name: "a town added or taken out again",
    apply: () => edit("site.yaml", (text) => (text.includes("slug: quail-hollow") ? text.replace(NEW_TOWN, "") : text.replace(/\n {2}- name: Menifee\n/, `\n${NEW_TOWN}  - name: Menifee\n`))),
  },
  {
    name: "a picture added to public/ or taken out",
    apply: async (n) => {
      const extra = file("public/images/extra.svg");
      if (n % 2 === 0) await copyFile(file("public/images/logo.svg"), extra);
      else await rm(extra, { force: true });
    },
  },
  { name: "the share picture (every page's og:image)", apply: (n) => edit("public/images/share.svg", (text) => text.replace(/<\/svg>\s*$/, `<rect width="${n}" height="1" fill="#000"/></svg>\n`)) },
  { name: "a phone number that is not one", breaks: true, apply: () => edit("site.yaml", (text) => text.replace(/tel: "\+1951555(\d{4})"/, 'tel: "call us"')) },
  { name: "an article linking to a page that is not there", breaks: true, apply: () => edit(ARTICLE, (text) => `${text.trimEnd()}\n\nSee [this](/no-such-page).\n`) },
];

// The small fixture as it is (English and Spanish), and in English only: one language's pages are
// reused whole, heads included; two languages' are linked to each other again on every build. Each
// with the tool's templates copied in, as a project with its own templates has them, to edit them.
describe.for([
  { site: "a site in two languages", oneLanguage: false },
  { site: "a site in English only", oneLanguage: true },
])(`a dev server's rebuilds of $site (seed ${SEED})`, ({ oneLanguage }) => {
  beforeAll(async () => {
    dir = await copyFixture("small", { oneLanguage });
    await cp(path.join(REPO_ROOT, "templates"), path.join(dir, "templates"), { recursive: true });
  });
  afterAll(async () => {
    if (dir) await removeDir(dir);
  });

  it("serve, after every edit of a random sequence, exactly what a clean build writes; a failed one changes nothing", { timeout: 240_000 }, async () => {
    const next = random(SEED);
    const edits = EDITS.filter((each) => !oneLanguage || !each.spanish);
    const served = path.join(dir, ".served");
    const clean = path.join(dir, ".clean");
    const rebuilder = createRebuilder(file("site.yaml"), served);
    await rebuilder.rebuild();
    const steps: string[] = [];
    // Every edit once in a random order, then random ones: each kind is seen after a varied history.
    const order = edits.map((each) => ({ each, key: next() })).sort((a, b) => a.key - b.key).map(({ each }) => each);
    for (let i = 0; i < MORE_STEPS; i++) order.push(edits[Math.floor(next() * edits.length)]!);
    for (const [index, chosen] of order.entries()) {
      const n = index + 1;
      steps.push(chosen.name);
      const said = `seed ${SEED}, after: ${steps.join(" > ")}`;
      if (chosen.breaks) {
        const before = await folderSnapshot(served);
        const saved = await snapshotFiles(chosen.name);
        await chosen.apply(n);
        await expect(rebuilder.rebuild(), said).rejects.toThrow();
        expect(await folderSnapshot(served), said).toEqual(before);
        await saved.restore();
        continue;
      }
      await chosen.apply(n);
      const rebuilt: Rebuilt = await rebuilder.rebuild();
      await build({ config: file("site.yaml"), out: clean });
      expect(await folderSnapshot(served), said).toEqual(await folderSnapshot(clean));
      expect(rebuilt.result.pages.length, said).toBeGreaterThan(0);
    }
  });
});

/** The files an edit that breaks the site touches, to put back once the failure is seen. */
async function snapshotFiles(edit: string): Promise<{ restore(): Promise<void> }> {
  const names = edit.includes("article") ? [ARTICLE] : ["site.yaml"];
  const texts = await Promise.all(names.map((name) => readFile(file(name), "utf8")));
  return { restore: () => Promise.all(names.map((name, i) => writeFile(file(name), texts[i]!))).then(() => undefined) };
}
