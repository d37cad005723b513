import path from "node:path";
import { loadConfig } from "../../src/config/load-config.ts";
import { loadCopy } from "../../src/content/load-copy.ts";
import { loadDocuments } from "../../src/content/load-documents.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import { documentConditions } from "../../src/routes/privacy.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The sample site's validated config, copy and documents, straight from the repository. */
export async function loadSample() {
  const { site, notices } = await loadConfig({ path: path.join(ROOT, "site.yaml"), displayPath: "site.yaml" });
  const facts = siteFacts(site);
  const content = path.join(ROOT, "content");
  const [copy, documents] = await Promise.all([
    loadCopy({ contentDir: content, displayDir: "content", facts }),
    loadDocuments({ contentDir: content, displayDir: "content", facts, conditions: documentConditions(site) }),
  ]);
  return { site, notices, facts, copy, ...documents };
}
