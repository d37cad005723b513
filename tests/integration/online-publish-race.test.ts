import { readFile, mkdtemp } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEditorApi } from "../../src/editor/editor-api.ts";
import type { SiteBuilder } from "../../src/editor/editor-build.ts";
import type { LiveSite } from "../../src/editor/editor-versions.ts";
import { git, GIT_ENV, initSite } from "../helpers/git-repos.ts";
import { removeDir } from "../helpers/sample-site.ts";

// serve --editor: Publish commits, then afterPublish builds the working tree into the served folder,
// in the same turn of the saves' queue: a save sent while publish runs waits, and never goes live
// unpublished. (In two turns, such a save came between them: built live, in no version.)
let dir: string;
let server: Server;
const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, GIT_ENV);
  dir = await initSite(await mkdtemp(path.join(tmpdir(), "review-race-")));
}, 120_000);
afterAll(async () => {
  server?.close();
  for (const key of Object.keys(GIT_ENV)) if (saved[key] === undefined) delete process.env[key];
  if (dir) await removeDir(path.dirname(dir));
});

it("afterPublish builds only what was published, not a save queued meanwhile", async () => {
  const builder: SiteBuilder = { buildWith: async (_texts, commit) => (await commit(), []), expectWrite: () => {} };
  let builtFrom = "";
  let committed = "";
  const live: LiveSite = {
    async afterPublish() {
      // What a build of the working tree would put live now, and what the version holds.
      builtFrom = await readFile(path.join(dir, "site.yaml"), "utf8");
      committed = git(dir, "show", "HEAD:site.yaml");
      return ["Live on this server now."];
    },
    state: async () => ({ state: "unknown", reason: "test" }),
  };
  const api = createEditorApi(dir, () => builder, "site.yaml", { live });
  server = createServer((request, response) => void api(new URL(request.url!, "http://x").pathname.slice(1), request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (route: string, body?: unknown) => {
    const response = await fetch(`${base}/${route}`, { method: body ? "POST" : "GET", headers: { "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  // Something to publish.
  const first = await call("state");
  expect((await call("save", { changes: [{ file: "site.yaml", version: first.body.files["site.yaml"].version, ops: [{ op: "set", path: ["phone"], value: { display: "(503) 555-0101", tel: "+15035550101" } }] }] })).status).toBe(200);
  const state = await call("state");
  const publishing = call("publish", { message: "Phone 0101" });
  // A second tab saves while the publish (its whole-site build) runs.
  const saving = call("save", { changes: [{ file: "site.yaml", version: state.body.files["site.yaml"].version, ops: [{ op: "set", path: ["phone"], value: { display: "(503) 555-0999", tel: "+15035550999" } }] }] });
  const [published, save] = await Promise.all([publishing, saving]);
  expect(published.status).toBe(200);
  expect(save.status).toBe(200);
  expect(published.body.lines.join(" ")).toContain("Saved version");
  // What goes live is the version published, whichever turn the save took.
  expect(builtFrom).toBe(committed);
  expect(builtFrom).toMatch(/555-0(101|999)/);
}, 120_000);
