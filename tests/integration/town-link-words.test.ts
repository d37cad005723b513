import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, removeDir } from "../helpers/sample-site.ts";

// A nearby town's link in the language's word order: {city} in pages/city.yaml's linkSuffix is the
// nearby town's name, never the name of the page the link is on.
let dir: string;
beforeAll(async () => {
  dir = await copyFixture("small");
  await editProjectFile(dir, "content/es/pages/city.yaml", (text) => text.replace(/^( {2}linkSuffix: ).*$/m, "$1Tuzas en {city}"));
  await buildProject(dir);
}, 90_000);
afterAll(() => removeDir(dir));

it("names each nearby town where the language puts it, in the buttons and the breadcrumb", async () => {
  const html = await readFile(path.join(dir, "dist", "es", "control-de-tuzas-temecula.html"), "utf8");
  const list = html.slice(html.indexOf('<ul class="nearby-links"'));
  const nearby = [...list.slice(0, list.indexOf("</ul>")).matchAll(/<li data-lat[^>]*><a [^>]*>([^<]+)</g)].map((match) => match[1]!.trim());
  expect(nearby.length).toBeGreaterThan(2);
  for (const label of nearby) expect(label).toMatch(/^Tuzas en (?!Temecula)\S/);
  const crumbs = [...html.matchAll(/"name":"([^"]+)"/g)].map((match) => match[1]);
  expect(crumbs).toContain("Tuzas en Temecula");
});
