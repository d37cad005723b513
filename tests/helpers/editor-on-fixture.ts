import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { copyFixture, type Fixture } from "./fixture-site.ts";
import { removeDir } from "./sample-site.ts";
import { terminalLog } from "./terminal-log.ts";

/**
 * `gopher-site edit` on a temp copy of a fixture (the small one by default) for a test file:
 * started before its tests, closed and removed after. Read `dir` and `editor` inside the tests.
 */
export function useEditorOnFixture(fixture: Fixture = "small"): { readonly dir: string; readonly editor: EditorServer } {
  const held = {} as { dir: string; editor: EditorServer };
  beforeAll(async () => {
    held.dir = await copyFixture(fixture);
    held.editor = await startEditor({ config: path.join(held.dir, "site.yaml"), port: 0, log: terminalLog().log, outDir: path.join(held.dir, ".edit-out") });
  }, 90_000);
  afterAll(async () => {
    await held.editor?.close();
    if (held.dir) await removeDir(held.dir);
  });
  return held;
}
