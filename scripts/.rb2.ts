import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { createRebuilder } from "../src/dev/rebuild.ts";
const dir = process.argv[2]!;
const r = createRebuilder(path.join(dir, "site.yaml"), "/dev/shm/rb-out");
await r.rebuild();
const f = path.join(dir, "site.yaml");
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
for (let i = 0; i < 10; i++) {
  const text = await readFile(f, "utf8");
  await writeFile(f, text.replace(/sits high in the (?:\w+ )?windy/, `sits high in the w${i} windy`));
  const t = performance.now();
  const stages: string[] = [];
  await r.rebuild({ onStage: (s, ms) => stages.push(`${s}=${Math.round(ms)}`) });
  console.log(Math.round(performance.now() - t), stages.join(" "));
}
const { profile } = await session.post("Profiler.stop");
await writeFile("/tmp/partial.cpuprofile", JSON.stringify(profile));
