import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { problemLinesAsync } from "../helpers/problems.ts";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, editProjectFile, REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// Content names its icons: one of the templates' own or any of Lucide's. The sprite holds ours
// and only the Lucide ones the content names.
let dir: string;
beforeEach(async () => {
  dir = await copyFixture("small", { oneLanguage: true });
});
afterEach(() => removeDir(dir));

const SERVICE = "content/services/residential.yaml";
const edit = (change: (text: string) => string) => editProjectFile(dir, SERVICE, change);
const lineOf = async (text: string) => (await readFile(path.join(dir, SERVICE), "utf8")).split("\n").findIndex((line) => line.includes(text)) + 1;

async function sprite(): Promise<{ href: string; svg: string }> {
  const name = (await readdir(path.join(dir, "dist/assets"))).find((file) => /^icons\.[\w-]+\.svg$/.test(file))!;
  return { href: `/assets/${name}`, svg: await readFile(path.join(dir, "dist/assets", name), "utf8") };
}

describe("icons", { timeout: 60_000 }, () => {
  it("from Lucide by name are in the sprite, drawn as Lucide draws them, and only those the content names", async () => {
    const own = await buildProject(dir).then(sprite);
    await edit((text) => text.replace("icon: home\n", "icon: flame\n").replace("      - icon: leaf\n", "      - icon: snowflake\n"));
    await buildProject(dir);
    const { href, svg } = await sprite();

    const symbols = [...svg.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(symbols).toEqual([...[...own.svg.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]), "flame", "snowflake"]);
    expect(svg).not.toContain('id="anchor"');
    // Ours as they were, then Lucide's with the same symbol attributes and Lucide's own shapes.
    expect(svg.startsWith(own.svg.replace("</svg>", ""))).toBe(true);
    const lucideFlame = await readFile(path.join(REPO_ROOT, "node_modules/lucide-static/icons/flame.svg"), "utf8");
    const flameD = /<path d="([^"]+)"/.exec(lucideFlame)![1];
    expect(svg).toContain(
      `<symbol id="flame" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${flameD}"></path></symbol>`,
    );

    const page = await readFile(path.join(dir, "dist/residential-gopher-control.html"), "utf8");
    expect(page).toContain(`<use href="${href}#snowflake"></use>`);
  });

  it("of a name neither ours nor Lucide's is an error at the field, with the closest names; a missing one lists ours", async () => {
    await edit((text) => text.replace("icon: home\n", "").replace("      - icon: leaf\n", "      - icon: snowflak\n"));
    const line = await lineOf("icon: snowflak");
    expect(await problemLinesAsync(() => buildProject(dir, { displayFrom: dir, write: false }))).toEqual([
      "content/services/residential.yaml:1:1  icon  is required: one of the tool's own icons (clock, shield, leaf, home, family, badge, calendar, phone, shed, map, chart, star, building, tree, check, close, menu, arrow, back, mail) or any of https://lucide.dev/icons/ by its name",
      `content/services/residential.yaml:${line}:15  sections.0.cards.0.icon  unknown icon "snowflak"; did you mean "snowflake"? Closest: snowflake, thermometer-snowflake, sofa, download, flag, salad, shovel, shuffle (the tool's own icons or any of https://lucide.dev/icons/)`,
    ]);
  });
});
