import path from "node:path";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { startEditor } from "../src/editor/editor-server.ts";
import { createLogger } from "../src/log.ts";
const dir = process.argv[2]!;
const editor = await startEditor({ config: path.join(dir, "site.yaml"), port: 0, log: createLogger({ level: "quiet" }) });
const headers = { origin: editor.url, "x-editor-secret": editor.secret, "content-type": "application/json" };
await editor.whenIdle();
const session = new Session();
session.connect();
await session.post("Profiler.enable");
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const state = (await (await fetch(`${editor.url}/__editor/api/state`, { headers })).json()) as any;
  const tState = performance.now() - t;
  const site = state.files["site.yaml"];
  const index = site.data.cities.findIndex((c: any) => c.slug === "banning");
  if (i === 2) await session.post("Profiler.start");
  t = performance.now();
  const response = await fetch(`${editor.url}/__editor/api/save`, { method: "POST", headers, body: JSON.stringify({ changes: [{ file: "site.yaml", version: site.version, ops: [{ op: "set", path: ["cities", index, "intro"], value: `Banning edit ${i} sits high in the windy pass.` }] }] }) });
  console.log(response.status, "state", Math.round(tState), "save", Math.round(performance.now() - t));
}
const { profile } = await session.post("Profiler.stop");
await writeFile("/tmp/editor.cpuprofile", JSON.stringify(profile));
await editor.close();
process.exit(0);
