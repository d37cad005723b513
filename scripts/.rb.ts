import path from "node:path";
import { readFile, writeFile } from "node:fs/promises";
import { createRebuilder } from "../src/dev/rebuild.ts";
const dir = process.argv[2]!;
const r = createRebuilder(path.join(dir, "site.yaml"), "/dev/shm/rb-out");
let t = performance.now();
await r.rebuild();
console.log("first", Math.round(performance.now() - t));
const f = path.join(dir, "site.yaml");
for (let i = 0; i < 6; i++) {
  const text = await readFile(f, "utf8");
  await writeFile(f, i % 3 === 2 ? text.replace(/display: \(951\) 555-\d{4}/, `display: (951) 555-${1000 + i}`).replace(/tel: "\+1951555\d{4}"/, `tel: "+1951555${1000 + i}"`) : text.replace(/sits high in the (?:\w+ )?windy/, `sits high in the w${i} windy`));
  const stages: string[] = [];
  t = performance.now();
  const x = await r.rebuild({ onStage: (s, ms) => stages.push(`${s}=${Math.round(ms)}`) });
  console.log(`edit ${i}: ${Math.round(performance.now() - t)} ms rendered ${x.rendered.length} whole ${x.whole}: ${stages.join(" ")}  rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
}
