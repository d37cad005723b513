// npm run bench:editor-typing: does typing in the editor's towns ever block the page for more than
// 50 ms? For the sample (28 towns) and a site of 1,000 towns, Chromium types into one town's name
// and intro while a PerformanceObserver records every long task (a task over 50 ms) of the page.
import path from "node:path";
import { startEditor } from "../src/editor/editor-server.ts";
import { createLogger } from "../src/log.ts";
import { launchChromium, newIsolatedContext } from "../tests/helpers/browser.ts";
import { removeDir } from "../tests/helpers/sample-site.ts";
import { pathToFileURL } from "node:url";
import { TOOL_ROOT } from "../src/paths.ts";

// Imported from its own place: it finds the sample beside itself (this script runs compiled elsewhere).
const { makeSyntheticSite } = (await import(pathToFileURL(path.join(TOOL_ROOT, "scripts", "synthetic-site.mjs")).href)) as typeof import("./synthetic-site.mjs");

const TEXT = " Gophers dig most after the first autumn rain, so we set traps early, before the mounds spread across the lawn.";
const browser = await launchChromium();
const rows = [];
for (const extra of [0, 972]) {
  const dir: string = await makeSyntheticSite(extra, { allLanguages: true });
  const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".dev") });
  for (const width of [1280, 375]) {
    const { context } = await newIsolatedContext(browser, { viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.text().startsWith("longtask")) console.log(`${28 + extra} towns, ${width} px: ${message.text()}`);
    });
    await page.goto(`${editor.editorUrl}#Towns`);
    const towns = page.locator(".town-list .town-name");
    await towns.first().waitFor();
    const count = await towns.count();
    // A town from the middle of the list.
    await towns.nth(Math.floor(count / 2)).click();
    const intro = page.locator('.town-form textarea[id$="_intro"]');
    const name = page.locator('.town-form input[id$="_name"]');
    await intro.waitFor();
    await page.evaluate(() => {
      const tasks: number[] = [];
      const t0 = performance.now();
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks.push(entry.duration);
          // Where it ran (the editor, or the preview's frame), to tell typing from a reload.
          const where = (entry as PerformanceEntry & { attribution?: Array<{ containerType: string; containerSrc: string }> }).attribution?.[0];
          console.log(`longtask ${Math.round(entry.duration)} ms at +${Math.round(entry.startTime - t0)} ms in ${where?.containerType ?? "?"} ${where?.containerSrc ?? ""}`);
        }
      }).observe({ type: "longtask" });
    });
    const started = performance.now();
    await intro.click();
    await page.keyboard.press("End");
    await page.keyboard.type(TEXT);
    await name.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" North");
    const typed = TEXT.length + " North".length;
    const perKey = (performance.now() - started) / typed;
    await page.waitForTimeout(300);
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    rows.push({ towns: count, width, keys: typed, "long tasks": tasks.length, "longest ms": Math.round(Math.max(0, ...tasks)), "ms per key (incl. automation)": Math.round(perKey) });
    await context.close();
  }
  await editor.close();
  await removeDir(dir);
}
await browser.close();
console.table(rows);
const worst = Math.max(...rows.map((row) => row["longest ms"]));
console.log(worst <= 50 ? "Typing never blocked the page for more than 50 ms." : `A task blocked the page for ${worst} ms while typing (target: none over 50 ms).`);
process.exit(0);
