import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "../src/build.ts";
import { withTexts } from "../src/source-files.ts";
import { copySample, removeDir } from "../tests/helpers/sample-site.ts";
const dir = await copySample();
const config = path.join(dir, "site.yaml");
const text = await readFile(config, "utf8");
for (let i = 0; i < 12; i++) {
  const d = String(100 + i).padStart(4, "0");
  const changed = text.replace("(951) 555-0142", `(951) 555-${d}`).replace("+19515550142", `+1951555${d}`);
  const stages: string[] = [];
  const t = performance.now();
  await build({ config, out: process.env.OUT ? path.join(process.env.OUT, "o") : path.join(dir, ".dev"), sources: withTexts(new Map([[config, changed]])), onStage: (s, ms) => stages.push(`${s}=${Math.round(ms)}`) });
  console.log(Math.round(performance.now() - t), stages.join(" "));
}
await removeDir(dir);
