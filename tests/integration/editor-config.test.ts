import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEditor, type EditorServer } from "../../src/editor/editor-server.ts";
import { createLogger } from "../../src/log.ts";
import { editorApi } from "../helpers/editor-api.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { removeDir } from "../helpers/sample-site.ts";

// `gopher-site edit --config big.yaml`: the forms read and save the file the preview is built from,
// never the folder's site.yaml beside it.
let dir: string;
let editor: EditorServer;

beforeAll(async () => {
  dir = await copyFixture("small");
  await copyFile(path.join(dir, "site.yaml"), path.join(dir, "big.yaml"));
  // The folder's site.yaml says another phone: a form that read it would show this one.
  const other = (await readFile(path.join(dir, "site.yaml"), "utf8")).replace("display: (951) 555-0142", "display: (951) 555-0100").replace('tel: "+19515550142"', 'tel: "+19515550100"');
  await writeFile(path.join(dir, "site.yaml"), other);
  editor = await startEditor({ config: path.join(dir, "big.yaml"), port: 0, log: createLogger({ level: "quiet" }), outDir: path.join(dir, ".edit-out") });
}, 90_000);

afterAll(async () => {
  await editor?.close();
  if (dir) await removeDir(dir);
});

const call = editorApi(() => editor);
const read = (file: string) => readFile(path.join(dir, file), "utf8");

it("reads and saves the settings file it was started with, and the preview shows the save", { timeout: 60_000 }, async () => {
  const { body: state } = await call("state");
  const settings = state.files["site.yaml"] as { version: string; data: { phone: { display: string } } };
  expect(settings.data.phone.display).toBe("(951) 555-0142");
  const before = await read("site.yaml");
  const saved = await call("save", {
    changes: [{ file: "site.yaml", version: settings.version, ops: [{ op: "set", path: ["phone", "display"], value: "(951) 555-0199" }, { op: "set", path: ["phone", "tel"], value: "+19515550199" }] }],
  });
  expect(saved.status).toBe(200);
  expect(await read("big.yaml")).toContain("display: (951) 555-0199");
  expect(await read("site.yaml")).toBe(before);
  expect(await (await fetch(`${editor.url}/about`)).text()).toContain("(951) 555-0199");
});

it("takes no other name for the settings file: a save naming big.yaml, or a way out of the folder, is refused and writes nothing", { timeout: 60_000 }, async () => {
  const before = { big: await read("big.yaml"), site: await read("site.yaml") };
  for (const file of ["big.yaml", "./big.yaml", "../big.yaml", "content/../big.yaml", "site.yaml\u0000big.yaml"]) {
    const refused = await call("save", { changes: [{ file, version: "0", ops: [{ op: "set", path: ["phone", "display"], value: "(951) 555-0111" }] }] });
    expect(refused.status, file).toBe(400);
  }
  expect(await read("big.yaml")).toBe(before.big);
  expect(await read("site.yaml")).toBe(before.site);
});
