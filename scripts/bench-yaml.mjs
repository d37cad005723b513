// node scripts/bench-yaml.mjs [towns]: how long the two YAML parsers take to read the synthetic
// site's site.yaml (10,000 towns by default), to decide whether the fast parser (js-yaml) pays.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { CORE_SCHEMA, load } from "js-yaml";
import { parseDocument } from "yaml";
import { makeSyntheticSite } from "./synthetic-site.mjs";

const towns = Number(process.argv[2] ?? 10000);
const dir = await makeSyntheticSite(towns - 28);
const text = await readFile(path.join(dir, "site.yaml"), "utf8");
await rm(dir, { recursive: true });

const parsers = {
  "js-yaml": () => load(text, { schema: CORE_SCHEMA }),
  yaml: () => parseDocument(text, { uniqueKeys: true, maxAliasCount: 200 }).toJS({ maxAliasCount: 200 }),
};
console.log(`site.yaml of ${towns} towns: ${(text.length / 1024).toFixed(0)} KB`);
for (const [name, parse] of Object.entries(parsers)) {
  const times = [];
  for (let run = 0; run < 7; run++) {
    const started = process.hrtime.bigint();
    parse();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  // The first run is a cold start, as in a build (one parse per process); the median is the warm speed.
  console.log(`${name.padEnd(8)} first ${times[0].toFixed(0)} ms, median ${times.sort((a, b) => a - b)[3].toFixed(0)} ms`);
}
