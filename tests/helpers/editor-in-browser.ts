import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { CHROMIUM_ARGS, findChromium, newIsolatedContext } from "./browser.ts";
import { copyFixture } from "./fixture-site.ts";
import { removeDir } from "./sample-site.ts";
import { terminalLog } from "./terminal-log.ts";
import type { Logger } from "../../src/log.ts";

/** The editor on a copy of a small site (tests/fixtures/small by default) and a Chromium, for one test file; set when its beforeAll has run. */
export interface EditorInBrowser {
  dir: string;
  editor: EditorServer;
  browser: Browser;
  /** A new page of its own width on an editor's section, once `ready` (a selector) is shown. */
  open(section: string, width: number, ready: string): Promise<Page>;
}

export interface EditorInBrowserOptions {
  /** The project: a copy of tests/fixtures/small by default (tests/helpers/fixture-site.ts), removed after. */
  project?: () => Promise<string>;
  /** What the editor prints; the test's own terminal by default. */
  log?: Logger;
}

/** Starts the editor and Chromium before the file's tests, and stops both (and removes the copy) after. */
export function useEditorInBrowser(options: EditorInBrowserOptions = {}): EditorInBrowser {
  const session = {
    async open(section: string, width: number, ready: string) {
      const { context } = await newIsolatedContext(session.browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${session.editor.editorUrl}#${section}`);
      await page.locator(ready).first().waitFor();
      return page;
    },
  } as EditorInBrowser;
  beforeAll(async () => {
    session.dir = await (options.project ?? (() => copyFixture("small")))();
    session.editor = await startEditor({ config: path.join(session.dir, "site.yaml"), port: 0, log: options.log ?? terminalLog().log, outDir: path.join(session.dir, ".edit-out") });
    session.browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS, headless: true });
  }, 120_000);
  afterAll(async () => {
    await session.browser?.close();
    await session.editor?.close();
    if (session.dir) await removeDir(session.dir);
  });
  return session;
}
