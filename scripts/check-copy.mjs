// Temporary helper for content authors: validates content/*.yaml against the copy schemas.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
const out = await build({ entryPoints: ["src/content/copy-schema.ts"], bundle: true, format: "esm", platform: "node", write: false, packages: "external" });
import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync("node_modules/.cache", { recursive: true });
writeFileSync("node_modules/.cache/copy-schema.mjs", out.outputFiles[0].text);
const { copyFiles } = await import(new URL("../node_modules/.cache/copy-schema.mjs", import.meta.url));
const { parse } = await import("yaml");
let bad = 0;
for (const [file, schema] of Object.entries(copyFiles)) {
  let data;
  try { data = parse(readFileSync(`content/${file}`, "utf8")); } catch (e) { console.log(`content/${file}: ${e.message}`); bad++; continue; }
  const r = schema.safeParse(data);
  if (!r.success) { bad++; for (const i of r.error.issues) console.log(`content/${file}  ${i.path.join(".")}  ${i.message}`); }
  else console.log(`content/${file} ok`);
}
process.exit(bad ? 1 : 0);
