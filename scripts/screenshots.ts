// npm run screenshots: full-page PNGs of one page of each type at 375, 768 and 1280 px, with every
// third party blocked (as an ad blocker or a slow network leaves the page), into screenshots/.
//   npm run screenshots                          every page type at the three widths
//   npm run screenshots -- city article          only the named types
//   npm run screenshots -- --widths 320,1024     other widths
// Builds the project's current templates and content into a temporary folder first.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { launchChromium, newIsolatedContext } from "../tests/helpers/browser.ts";
import { PAGE_TYPES } from "../tests/helpers/page-types.ts";
import { REPO_ROOT, buildProject, copySample, removeDir, serveFolder } from "../tests/helpers/sample-site.ts";

const args = process.argv.slice(2);
const widthsFlag = args.indexOf("--widths");
const widths = widthsFlag >= 0 ? (args.splice(widthsFlag, 2)[1] ?? "").split(",").map(Number) : [375, 768, 1280];
const unknown = args.filter((type) => !(type in PAGE_TYPES));
if (unknown.length > 0 || widths.some((width) => !(width >= 200 && width <= 4000))) {
  console.error(`usage: npm run screenshots -- [${Object.keys(PAGE_TYPES).join("|")} ...] [--widths 375,768,1280]`);
  process.exit(2);
}
const types = args.length > 0 ? args : Object.keys(PAGE_TYPES);
const outDir = path.join(REPO_ROOT, "screenshots");

const dir = await copySample();
const browser = await launchChromium();
try {
  await buildProject(dir);
  const server = await serveFolder(path.join(dir, "dist"));
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const width of widths) {
    // Reduced motion shows every section at once: a full-page picture never scrolls them into view.
    const { context } = await newIsolatedContext(browser, { viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const type of types) {
      await page.goto(server.url + PAGE_TYPES[type], { waitUntil: "load" });
      // A full-page picture does not scroll, so lazy images would stay blank: load them all.
      await page.evaluate(() =>
        Promise.all([...document.images].map((image) => ((image.loading = "eager"), image.decode().catch(() => {})))),
      );
      const file = path.join(outDir, `${type}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(REPO_ROOT, file));
    }
    await context.close();
  }
  await server.close();
} finally {
  await browser.close();
  await removeDir(dir);
}
