import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { buildProject, removeDir } from "../helpers/sample-site.ts";

// A language that translates its legal pages: each is named like the page it translates, and is
// then linked like every other translated page. Under a name of its own it would be an orphan: refused.
let dir: string;
const html = (outFile: string) => readFile(path.join(dir, "dist", outFile), "utf8");

async function translateLegalPages(): Promise<void> {
  const settings = path.join(dir, "content/es/language.yaml");
  const text = await readFile(settings, "utf8");
  await writeFile(settings, text.replace("untranslated: [legal]", "untranslated: []"));
  await mkdir(path.join(dir, "content/es/legal"));
  for (const name of ["privacy-policy.md", "terms-of-service.md"]) {
    const english = await readFile(path.join(dir, "content/legal", name), "utf8");
    const spanish = english
      .replace(/^title: .*$/m, `title: ${name === "privacy-policy.md" ? "Política de privacidad" : "Términos del servicio"} | {company}`)
      .replace(/^heading: .*$/m, `heading: ${name === "privacy-policy.md" ? "Política de privacidad" : "Términos del servicio"}`);
    await writeFile(path.join(dir, "content/es/legal", name), spanish);
  }
}

beforeAll(async () => {
  dir = await copyFixture("small");
  await translateLegalPages();
  await buildProject(dir);
}, 90_000);
afterAll(() => removeDir(dir));

describe("translated legal pages", () => {
  it("are built under the language's folder, paired with hreflang and linked from its footer", async () => {
    const spanish = await html("es/privacy-policy.html");
    expect(spanish).toContain("<h1");
    expect(spanish).toContain("Política de privacidad");
    expect(spanish).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/privacy-policy"\/>/);
    expect(await html("privacy-policy.html")).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/es\/privacy-policy"\/>/);
    const home = await html("es.html");
    expect(home).toContain('href="/es/privacy-policy"');
    expect(home).toContain('href="/es/terms-of-service"');
    expect(home).not.toContain('href="/privacy-policy"');
  });

  it("gets the privacy choices control its footer link points to", async () => {
    const home = await html("es.html");
    const link = home.match(/href="(\/es\/privacy-policy#[^"]+)"/)?.[1];
    expect(link).toBeDefined();
    expect(await html("es/privacy-policy.html")).toContain(`id="${link!.split("#")[1]}"`);
  });

  it("is refused under a name of its own, saying what to name it", async () => {
    await rename(path.join(dir, "content/es/legal/privacy-policy.md"), path.join(dir, "content/es/legal/politica-de-privacidad.md"));
    try {
      await expect(buildProject(dir, { out: path.join(dir, "dist-orphan") })).rejects.toThrow(
        "content/es/legal/politica-de-privacidad.md  translates no legal page: name it like the page it translates (privacy-policy.md, terms-of-service.md)",
      );
    } finally {
      await rename(path.join(dir, "content/es/legal/politica-de-privacidad.md"), path.join(dir, "content/es/legal/privacy-policy.md"));
    }
  });
});
