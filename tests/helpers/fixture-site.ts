import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildOptions, BuildResult } from "../../src/build.ts";
import { removeTranslations, withoutLanguages } from "../../scripts/synthetic-site.mjs";
import { buildProject, REPO_ROOT, removeDir } from "./sample-site.ts";

/**
 * The scenarios of tests/fixtures/: each a small complete site (site.yaml, content/, public/) that
 * builds and passes `check` as it is. A test of one scenario copies its site instead of copying the
 * whole sample and changing it into the scenario.
 */
export type Fixture = "local-facts" | "many-services" | "no-reviews" | "own-form" | "own-pages" | "small" | "two-states";

/**
 * Copies tests/fixtures/<name>/ into a fresh temp folder, so a test may change and build it. With
 * `oneLanguage`, the copy keeps its default language alone (site.yaml's `languages` list and the
 * translations taken away), as a site in one language is.
 */
export async function copyFixture(name: Fixture, options: { oneLanguage?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `gopher-site-${name}-`));
  await cp(path.join(REPO_ROOT, "tests", "fixtures", name), dir, { recursive: true });
  if (options.oneLanguage) {
    const config = path.join(dir, "site.yaml");
    const { yaml, others } = withoutLanguages(await readFile(config, "utf8"));
    if (others.length === 0) throw new Error(`the ${name} fixture's site.yaml lists no other language to take away`);
    await writeFile(config, yaml);
    await removeTranslations(dir, others);
  }
  return dir;
}

/** copyFixture, then built into the copy's dist/; the copy is removed when the build fails. */
export async function buildFixture(name: Fixture, options: Partial<BuildOptions> = {}): Promise<{ dir: string; built: BuildResult }> {
  const dir = await copyFixture(name);
  try {
    return { dir, built: await buildProject(dir, options) };
  } catch (error) {
    await removeDir(dir);
    throw error;
  }
}
