import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseConfig } from "../config/load-config.ts";
import { loadEditions } from "../content/load-editions.ts";
import { convertWithCache } from "../content/markdown-cache.ts";
import { isSiteError, type Problem } from "../errors.ts";
import { documentConditions } from "../routes/privacy.ts";

/**
 * Checks the whole site as it would be after a save, with the build's own loaders (site.yaml's
 * schema and cross-field rules, every copy file, article and translation), before a byte is written
 * to the project. Problems name files as the CLI does when run in the project folder. A change to
 * content/ is checked in a scratch copy of content/ with the changed files in place.
 */
export async function validateWithChanges(root: string, changes: ReadonlyMap<string, string>): Promise<Problem[]> {
  let scratch: string | undefined;
  try {
    const siteText = changes.get("site.yaml") ?? (await readFile(path.join(root, "site.yaml"), "utf8"));
    const { site } = parseConfig(siteText, "site.yaml");
    let contentDir = path.join(root, "content");
    const contentChanges = [...changes].filter(([file]) => file.startsWith("content/"));
    if (contentChanges.length > 0) {
      scratch = await mkdtemp(path.join(tmpdir(), "gopher-site-edit-check-"));
      contentDir = path.join(scratch, "content");
      await cp(path.join(root, "content"), contentDir, { recursive: true });
      for (const [file, text] of contentChanges) {
        await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
        await writeFile(path.join(scratch, file), text);
      }
    }
    await loadEditions({ site, contentDir, displayDir: "content", conditions: documentConditions(site), convert: (bodies) => convertWithCache(bodies) });
    return [];
  } catch (error) {
    if (isSiteError(error)) return error.problems;
    throw error;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
