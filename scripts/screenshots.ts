// npm run screenshots: full-page PNGs of one page of each type at 375, 768 and 1280 px, with every
// third party blocked (as an ad blocker or a slow network leaves the page), into screenshots/.
//   npm run screenshots                          every page type at the three widths
//   npm run screenshots -- city article          only the named types
//   npm run screenshots -- --widths 320,1024     other widths
//   npm run screenshots -- --config examples/pool-cleaning-arizona/site.yaml --out screenshots/pool
//                                                another project: one page of each of its page types
// Builds the project's current templates and content into a temporary folder first.
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../src/build.ts";
import { launchChromium, newIsolatedContext } from "../tests/helpers/browser.ts";
import { PAGE_TYPES, pageTypesOf } from "../tests/helpers/page-types.ts";
import { REPO_ROOT, buildProject, copySample, removeDir, serveFolder } from "../tests/helpers/sample-site.ts";

const args = process.argv.slice(2);
/** Takes `--name value` out of the arguments. */
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const widths = (option("--widths") ?? "375,768,1280").split(",").map(Number);
const config = option("--config");
const outDir = path.resolve(REPO_ROOT, option("--out") ?? "screenshots");

// The sample by default (a copy of it); with --config, that project as it is, built into a temporary folder.
const dir = config ? await mkdtemp(path.join(tmpdir(), "gopher-site-shots-")) : await copySample();
const dist = path.join(dir, "dist");
const built = config ? await build({ config: path.resolve(config), out: dist }) : await buildProject(dir);
// Another project's page types are its own: the first page of each template, in each language;
// each own page is a type of its own (own-financing), as each is made of different sections.
const pageTypes: Record<string, string> = config ? pageTypesOf(built.pages, built.site.languages[0]!.code) : { ...PAGE_TYPES };
const unknown = args.filter((type) => !(type in pageTypes));
if (unknown.length > 0 || widths.some((width) => !(width >= 200 && width <= 4000))) {
  console.error(`usage: npm run screenshots -- [${Object.keys(pageTypes).join("|")} ...] [--widths 375,768,1280] [--config site.yaml] [--out folder]`);
  await removeDir(dir);
  process.exit(2);
}
const types = args.length > 0 ? args : Object.keys(pageTypes);

const browser = await launchChromium();
try {
  const server = await serveFolder(dist);
  // Pictures of the same names are replaced; nothing else in the folder is touched (--out may name any folder).
  await mkdir(outDir, { recursive: true });
  for (const width of widths) {
    // Reduced motion shows every section at once: a full-page picture never scrolls them into view.
    const { context } = await newIsolatedContext(browser, { viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const type of types) {
      await page.goto(server.url + pageTypes[type], { waitUntil: "load" });
      // A full-page picture does not scroll, so lazy images would stay blank: load them all.
      await page.evaluate(() =>
        Promise.all([...document.images].map((image) => ((image.loading = "eager"), image.decode().catch(() => {})))),
      );
      const file = path.join(outDir, `${type}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
    await context.close();
  }
  await server.close();
} finally {
  await browser.close();
  await removeDir(dir);
}
