import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";
import { problemLinesAsync } from "../helpers/problems.ts";

// Four services the Spanish site leaves in English (tests/fixtures/many-services): the Spanish menu
// names them in Spanish (language.yaml's names), and says their pages are in English.
let dir: string;
afterEach(() => removeDir(dir));

const language = () => path.join(dir, "content/es/language.yaml");
const editLanguage = async (change: (text: string) => string) => writeFile(language(), change(await readFile(language(), "utf8")));
const menuLinks = async (file: string) => [...(await readFile(path.join(dir, "dist", file), "utf8")).matchAll(/<a href="\/(?:lawn-aeration|mole-control)"[^>]*>[^<]*/g)].map((match) => match[0]);

describe("a service left untranslated, in the other language's menu", () => {
  it("is named in that language, its link marked as going to a page in the default language", async () => {
    dir = await copyFixture("many-services");
    const { warnings } = await buildProject(dir);
    expect(warnings.filter((warning) => warning.field?.startsWith("names."))).toEqual([]);
    const links = await menuLinks("es.html");
    expect(links).toContain('<a href="/lawn-aeration" hrefLang="en">Aireación del césped');
    expect(links.every((link) => !link.includes('lang="en"') || link.includes("hrefLang"))).toBe(true);
    // The English site is as it was.
    expect(await menuLinks("index.html")).toContain('<a href="/lawn-aeration">Lawn Aeration');
  });

  it("without a name, is said in the default language's words with lang, and a warning says where to name it", async () => {
    dir = await copyFixture("many-services");
    await editLanguage((text) => text.replace(/^ {2}mole-control: .*\n/m, ""));
    const { warnings } = await buildProject(dir);
    expect(warnings.filter((warning) => warning.field?.startsWith("names.")).map((warning) => [warning.field, warning.line, warning.message])).toEqual([
      ["names.mole-control", 6, "the menu names mole-control, left untranslated, in the default language: give its name in this language under names (its page stays as it is)"],
    ]);
    expect(await menuLinks("es.html")).toContain('<a href="/mole-control" lang="en" hrefLang="en">Mole Control');
  });

  it("refuses a name for a service that is translated: its copy names it", async () => {
    dir = await copyFixture("many-services");
    await editLanguage((text) => text.replace("names:\n", "names:\n  residential: Residencial\n"));
    const lines = await problemLinesAsync(() => buildProject(dir));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/content\/es\/language\.yaml:\d+:\d+ {2}names\.residential {2}names only what untranslated lists: residential's page is translated, and its copy file gives its name$/);
  });
});
