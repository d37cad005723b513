import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PAGE_KINDS } from "../page-kinds.ts";
import { folderFingerprint } from "../assets/compile-cache.ts";
import { TEMPLATE_OPTIONS } from "../render/load-templates.ts";
import type { TemplateName } from "../routes/page-props.ts";

/**
 * What each kind of page is rendered with, as esbuild's own record of the templates' imports
 * (its metafile) says: the kind's template file and every file it imports, the document's, and
 * templates/index.tsx, each by the hash of its contents. After a template is saved, only the
 * kinds whose files changed are rendered again: an article's template, the articles; the footer,
 * every page. Undefined (every page, then) when a kind's template is not where
 * src/page-kinds.ts says, or the templates do not compile (the build says why).
 */
export async function templateUses(templatesDir: string, fingerprint: string): Promise<Map<TemplateName, string> | undefined> {
  try {
    const uses = await readUses(templatesDir);
    // Only for the very files the build's templates were made from: a save meanwhile makes it unknown.
    return (await folderFingerprint(templatesDir)) === fingerprint ? uses : undefined;
  } catch {
    // Worked out beside the build, and awaited only at a later template change: a folder gone
    // meanwhile (the dev server closed, a file renamed) is not an error, only not known.
    return undefined;
  }
}

async function readUses(templatesDir: string): Promise<Map<TemplateName, string> | undefined> {
  let inputs: Record<string, { imports: ReadonlyArray<{ path: string; external?: boolean }> }>;
  try {
    const { build } = await import("esbuild");
    const result = await build({ ...TEMPLATE_OPTIONS, sourcemap: false, entryPoints: [path.join(templatesDir, "index.tsx")], write: false, metafile: true, logLevel: "silent" });
    inputs = result.metafile.inputs;
  } catch {
    return undefined;
  }
  const absolute = (file: string) => path.resolve(file);
  const graph = new Map(Object.entries(inputs).map(([file, input]) => [absolute(file), input.imports.filter((each) => !each.external).map((each) => absolute(each.path))]));
  const closure = (from: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of graph.get(file) ?? []) visit(next);
    };
    visit(from);
    return seen;
  };
  const entry = path.join(templatesDir, "index.tsx");
  const document = path.join(templatesDir, "document.tsx");
  if (!graph.has(entry) || !graph.has(document)) return undefined;
  const hashes = new Map<string, string>();
  await Promise.all([...graph.keys()].map(async (file) => hashes.set(file, createHash("sha256").update(await readFile(file)).digest("base64url"))));
  const shared = new Set([entry, ...closure(document)]);
  const uses = new Map<TemplateName, string>();
  for (const [kind, { template }] of Object.entries(PAGE_KINDS) as Array<[TemplateName, { template: string }]>) {
    // page-kinds.ts names each template from the folder around templates/ (the project's, or the tool's own).
    const own = path.join(path.dirname(templatesDir), template);
    if (!graph.has(own)) return undefined;
    const files = [...new Set([...shared, ...closure(own)])].sort();
    uses.set(kind, createHash("sha256").update(files.map((file) => `${file}:${hashes.get(file)}`).join("|")).digest("base64url"));
  }
  return uses;
}
