import path from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser.ts";
import { buildProject, copySample, removeDir, serveFolder } from "./sample-site.ts";

export interface BuiltSite {
  /** Base address of the served site, e.g. `http://127.0.0.1:41234`. */
  url: string;
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * For one browser test file: builds a temp copy of the sample, serves its dist/ like a static host
 * and launches Chromium. Throws (the suite fails, never skips) when no browser is found.
 */
export async function startBuiltSite(): Promise<BuiltSite> {
  const dir = await copySample();
  try {
    await buildProject(dir);
    const server = await serveFolder(path.join(dir, "dist"));
    const browser = await launchChromium().catch(async (error: unknown) => {
      await server.close();
      throw error;
    });
    return {
      url: server.url,
      browser,
      close: async () => {
        await browser.close();
        await server.close();
        await removeDir(dir);
      },
    };
  } catch (error) {
    await removeDir(dir);
    throw error;
  }
}
