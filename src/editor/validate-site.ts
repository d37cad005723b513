import { cp, mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../config/load-config.ts";
import { loadEditions } from "../content/load-editions.ts";
import { isSiteError, type Problem } from "../errors.ts";
import { documentConditions } from "../routes/privacy.ts";

/**
 * Checks the whole site as it would be after a save, with the build's own loaders (site.yaml's
 * schema and cross-field rules, every copy file, every article, every translation), before a byte
 * is written to the project. The project's site.yaml and content/ are copied into a scratch folder
 * with the changed files in place; problems name files as the CLI does, from the project folder.
 */
export async function validateWithChanges(root: string, changes: ReadonlyMap<string, string>): Promise<Problem[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), "gopher-site-edit-check-"));
  try {
    await cp(path.join(root, "site.yaml"), path.join(scratch, "site.yaml"));
    await cp(path.join(root, "content"), path.join(scratch, "content"), { recursive: true });
    for (const [file, text] of changes) {
      await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
      await writeFile(path.join(scratch, file), text);
    }
    const { site } = await loadConfig({ path: path.join(scratch, "site.yaml"), displayPath: "site.yaml" });
    await loadEditions({ site, contentDir: path.join(scratch, "content"), displayDir: "content", conditions: documentConditions(site) });
    return [];
  } catch (error) {
    if (isSiteError(error)) return error.problems;
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
