// Measures the JavaScript budget (scripts/js-budget.mjs): per page type, the gzipped bytes of all of
// our own JavaScript loaded with the page, and apart what it may load on use (import() when the
// visitor acts). The budget is for what loads with the page: over 3.5 KB, exit 1.
//   node scripts/measure-js.mjs                      build the sample site, then measure dist/
//   node scripts/measure-js.mjs --no-build           measure the dist/ that is there
//   node scripts/measure-js.mjs --project <dir>      build the site of <dir>/site.yaml (a fixture, a copy with
//                                                    leads.turnstile) into a temporary folder and measure that
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUDGET, measureSite } from "./js-budget.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--project");
const project = at === -1 ? undefined : path.resolve(process.argv[at + 1] ?? ".");
const out = project ? mkdtempSync(path.join(tmpdir(), "measure-js-")) : path.join(root, "dist");

try {
  if (project || !process.argv.includes("--no-build")) {
    const args = project ? ["--config", path.join(project, "site.yaml"), "--out", out] : [];
    const build = spawnSync(process.execPath, [path.join(root, "bin", "gopher-site.js"), "build", "--quiet", ...args], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (!existsSync(out)) {
    console.error("No dist/ folder: run without --no-build, or `npm run build` first.");
    process.exit(1);
  }
  const rows = measureSite(out);
  const name = (url) => path.posix.basename(url);
  console.log(`Our JavaScript per page type${project ? ` of ${path.relative(root, project) || "."}` : ""}, gzipped.`);
  console.log(`"with page": loaded with the page (its scripts and their static imports); the budget, ${BUDGET} B, is for this.`);
  console.log(`"on use": each chunk a page may import when the visitor acts (opens the form, asks for the nearest places), not loaded otherwise.`);
  for (const row of rows) {
    const flag = row.bytes > BUDGET ? "  OVER BUDGET" : "";
    const later = row.onUse.length ? `; on use: ${row.onUse.map((chunk) => `${name(chunk.url)} ${chunk.bytes} B`).join(", ")}` : "";
    console.log(`  ${row.type.padEnd(14)} with page ${String(row.bytes).padStart(6)} B  (${row.pages} page${row.pages === 1 ? "" : "s"}, largest ${row.file})${later}${flag}`);
  }
  if (rows.some((row) => row.bytes > BUDGET)) {
    console.error(`Over the ${BUDGET} B budget.`);
    process.exitCode = 1;
  }
} finally {
  if (project) rmSync(out, { recursive: true, force: true });
}
