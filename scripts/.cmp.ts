import path from "node:path";
import { planSite, namer } from "../src/plan-site.ts";
import { stageTimer } from "../src/build.ts";
import { realProjectPaths } from "../src/paths.ts";
import { sameData } from "../src/dev/same-data.ts";
const dir = process.argv[2]!;
const paths = realProjectPaths(path.join(dir, "site.yaml"));
const times: Record<string, number> = {};
const opts = { paths, named: namer(undefined), stage: stageTimer((s, ms) => (times[s] = Math.round(ms))) };
const a = await planSite(opts);
for (let i = 0; i < 4; i++) {
  const b = await planSite(opts);
  console.log(JSON.stringify(times));
  let t = performance.now();
  const known = new WeakMap();
  let n = 0;
  for (let j = 0; j < b.pages.length; j++) if (!sameData(a.pages[j], b.pages[j], known)) n++;
  console.log("compare", Math.round(performance.now() - t), "changed", n);
  t = performance.now();
  let bytes = 0;
  for (const p of b.pages) bytes += JSON.stringify(p).length;
  console.log("stringify", Math.round(performance.now() - t), "MB", Math.round(bytes / 1e6));
}
