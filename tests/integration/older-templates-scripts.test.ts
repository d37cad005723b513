import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyOwnFormSite } from "../helpers/own-form-site.ts";
import { buildProject, editProjectFile, REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// A project's own templates from before the page bundles (their main.ts reads no SITE_FORM) had the
// own form's script as an entry of its own, client/lead-main.ts (with Turnstile,
// lead-turnstile-main.ts): a site with the own form keeps loading it, or a request sent with
// Cloudflare's check would post no token and be taken for a robot's (src/assets/build-scripts.ts).
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

async function olderProject(turnstile: boolean): Promise<string> {
  const dir = await copyOwnFormSite();
  dirs.push(dir);
  await cp(path.join(REPO_ROOT, "templates"), path.join(dir, "templates"), { recursive: true });
  const client = path.join(dir, "templates", "client");
  await writeFile(path.join(client, "main.ts"), 'console.log("older main");\n');
  await writeFile(path.join(client, "lead-main.ts"), 'import "./main.ts";\nconsole.log("older own form");\n');
  await writeFile(path.join(client, "lead-turnstile-main.ts"), 'import "./lead-main.ts";\nconsole.log("older turnstile");\n');
  if (turnstile) await editProjectFile(dir, "site.yaml", (text) => text.replace("\nleads:\n  delivery: server\n", '\nleads:\n  delivery: server\n  turnstile: { siteKey: "1x00000000000000000000AA" }\n'));
  await buildProject(dir);
  return dir;
}

async function pageScript(dir: string): Promise<string> {
  const html = await readFile(path.join(dir, "dist", "index.html"), "utf8");
  return readFile(path.join(dir, "dist", /<script type="module" src="\/([^"]+)"/.exec(html)![1]!), "utf8");
}

it("builds an older project's own form from its lead-main.ts, and with Turnstile from lead-turnstile-main.ts", { timeout: 120_000 }, async () => {
  const own = await pageScript(await olderProject(false));
  expect(own).toContain("older own form");
  expect(own).not.toContain("older turnstile");
  const turnstile = await pageScript(await olderProject(true));
  expect(turnstile).toContain("older turnstile");
  expect(turnstile).toContain("older main");
});
