import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { removeTranslations, withoutLanguages } from "../../scripts/synthetic-site.mjs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type BuildOptions, type BuildResult } from "../../src/build.ts";
import { createStaticServer } from "../../src/http/static-server.ts";

import { TOOL_ROOT } from "../../src/paths.ts";
import { expect } from "vitest";

/** The repository, found from the package.json (also right when this file is bundled elsewhere). */
export const REPO_ROOT = TOOL_ROOT;

/** Copies the sample project (site.yaml, content/, public/, templates/) into a temp folder. */
export async function copySample(options: { oneLanguage?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "gopher-site-"));
  for (const entry of ["site.yaml", "content", "public", "templates"]) {
    await cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  if (options.oneLanguage) await keepDefaultLanguage(dir);
  return dir;
}

/**
 * Makes a copy of the sample the site of the spec: English only, its 44 routes and the 404 page
 * (site.yaml's `languages` list and the translations taken away). Tests of the generator's other
 * behaviours use it; tests of languages use the sample as it is.
 */
async function keepDefaultLanguage(dir: string): Promise<void> {
  const config = path.join(dir, "site.yaml");
  const { yaml, others } = withoutLanguages(await readFile(config, "utf8"));
  if (others.length === 0) throw new Error("the sample's site.yaml lists no other language to take away");
  await writeFile(config, yaml);
  await removeTranslations(dir, others);
}

/** Builds a project folder into its dist/. */
export async function buildProject(dir: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ config: path.join(dir, "site.yaml"), out: path.join(dir, "dist"), ...options });
}

/** Serves a folder like a static host on a free loopback port (with a host's extra headers, if given). */
export async function serveFolder(
  root: string,
  headers?: (requestPath: string) => Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createStaticServer({ root, headers });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Changes one file of a project in place; a change that changes nothing fails the test (its pattern no longer matches). */
export async function editProjectFile(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(dir, file);
  const before = await readFile(target, "utf8");
  const after = change(before);
  expect(after, `the edit of ${file} changed nothing`).not.toBe(before);
  await writeFile(target, after);
}
