import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyFixture } from "../helpers/fixture-site.ts";
import { editProjectFile, REPO_ROOT, removeDir } from "../helpers/sample-site.ts";

// A fixed kind of page is added in three code files: the registry's entry (src/page-kinds.ts), its
// template (templates/pages/<kind>.tsx and its line in templates/index.tsx, the template set's own
// table) and its copy schema (src/content/copy-schema.ts). The worked example of docs/code-map.md,
// made in a copy of the tool: it type-checks, and a site with the page's words in two languages
// gets the page at its address in each, in the sitemap and the language links, with nothing else
// changed. A copy of the tool is compiled and type-checked: the slowest test of its folder.

const run = promisify(execFile);
let tool: string;
let site: string;

const REGISTRY_ENTRY = `  warranty: { template: "templates/pages/warranty.tsx", copy: ["pages/warranty.yaml"], untranslatedAs: "warranty", slug: "warranty", fixed: {} },`;
const COPY_SCHEMA_ENTRY = `  "pages/warranty.yaml": z.strictObject({ ...pageMeta, heading: line, text: paragraph }),`;
const TEMPLATE = `import type { TemplateProps } from "../../src/routes/page-props.ts";

/** What the warranty covers (content/pages/warranty.yaml). */
export function WarrantyPage({ page }: TemplateProps<"warranty">) {
  return (
    <section className="section">
      <div className="container prose">
        <h1>{page.copy.heading}</h1>
        <p>{page.copy.text}</p>
      </div>
    </section>
  );
}
`;

/** Inserts `line` after the first line of `file` (in the tool's copy) that starts with `after`. */
async function insertAfter(file: string, after: string, line: string): Promise<void> {
  await editProjectFile(tool, file, (text) => {
    const lines = text.split("\n");
    const at = lines.findIndex((each) => each.startsWith(after));
    if (at < 0) throw new Error(`${file} has no line starting with ${after}: the worked example (docs/code-map.md) needs a new anchor`);
    lines.splice(at + 1, 0, line);
    return lines.join("\n");
  });
}

beforeAll(async () => {
  tool = await mkdtemp(path.join(tmpdir(), "gopher-site-tool-"));
  for (const entry of ["src", "templates", "bin", "package.json"]) await cp(path.join(REPO_ROOT, entry), path.join(tool, entry), { recursive: true });
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(tool, "node_modules"), "dir");
  // The three files.
  await insertAfter("src/page-kinds.ts", "  about: {", REGISTRY_ENTRY);
  await insertAfter("src/content/copy-schema.ts", '  "pages/not-found.yaml": notFoundCopy,', COPY_SCHEMA_ENTRY);
  await writeFile(path.join(tool, "templates/pages/warranty.tsx"), TEMPLATE);
  await insertAfter("templates/index.tsx", 'import { AboutPage } from "./pages/about.tsx";', 'import { WarrantyPage } from "./pages/warranty.tsx";');
  await insertAfter("templates/index.tsx", "  about: AboutPage,", "  warranty: WarrantyPage,");

  site = await copyFixture("small");
  await mkdir(path.join(site, "content/es/pages"), { recursive: true });
  await writeFile(
    path.join(site, "content/pages/warranty.yaml"),
    "title: Our 60-Day Warranty | {company}\ndescription: >-\n  What our gopher trapping warranty covers, how long it lasts and how to call us back if a gopher\n  returns to your yard.\nheading: Our Warranty\ntext: If a gopher comes back within the warranty, we come back and trap it at no charge.\n",
  );
  await writeFile(
    path.join(site, "content/es/pages/warranty.yaml"),
    "title: Nuestra garantía de 60 días | {company}\ndescription: >-\n  Qué cubre la garantía de nuestro servicio de trampas para tuzas, cuánto dura y cómo llamarnos si\n  una tuza vuelve a su jardín.\nheading: Nuestra garantía\ntext: Si una tuza vuelve durante la garantía, regresamos y la atrapamos sin costo.\n",
  );
  await editProjectFile(site, "content/es/language.yaml", (text) => text.replace("  about: nosotros\n", "  about: nosotros\n  warranty: garantia\n"));
}, 60_000);

afterAll(async () => {
  if (tool) await removeDir(tool);
  if (site) await removeDir(site);
});

it("type-checks with the kind added in the three files", { timeout: 180_000 }, async () => {
  await writeFile(path.join(tool, "tsconfig.json"), (await readFile(path.join(REPO_ROOT, "tsconfig.json"), "utf8")).replace(/"include": \[[^\]]*\]/, '"include": ["src", "templates"]'));
  const typescript = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
  const checked = await run(process.execPath, [typescript, "-p", tool], { cwd: tool }).then(
    () => "",
    (error: { stdout: string }) => error.stdout,
  );
  expect(checked).toBe("");
});

it("builds the page in each language, in the sitemap and linked to its other language", { timeout: 120_000 }, async () => {
  const built = await run(process.execPath, [path.join(tool, "bin/gopher-site.js"), "build"], { cwd: site, env: { ...process.env, NO_COLOR: "1" } });
  expect(built.stdout).toMatch(/^Wrote \d+ pages/m);
  const english = await readFile(path.join(site, "dist/warranty.html"), "utf8");
  const spanish = await readFile(path.join(site, "dist/es/garantia.html"), "utf8");
  expect(english).toContain("<h1>Our Warranty</h1>");
  expect(english).toMatch(/<title>Our 60-Day Warranty \| [^<]+<\/title>/);
  expect(spanish).toContain("<h1>Nuestra garantía</h1>");
  expect(english).toMatch(/<link rel="alternate" hrefLang="es" href="[^"]*\/es\/garantia"/);
  expect(spanish).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/warranty"/);
  const sitemap = await readFile(path.join(site, "dist/sitemap.xml"), "utf8");
  expect(sitemap).toMatch(/<loc>[^<]*\/warranty<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]*\/es\/garantia<\/loc>/);
});

it("offers the page's words in the editor's Page texts", { timeout: 60_000 }, async () => {
  const { schemasFor } = (await import(path.join(tool, "src/editor/schemas.ts"))) as typeof import("../../src/editor/schemas.ts");
  expect(Object.keys(schemasFor(["residential"]).copy)).toContain("pages/warranty.yaml");
  const { copyFiles } = (await import(path.join(REPO_ROOT, "src/content/copy-schema.ts"))) as typeof import("../../src/content/copy-schema.ts");
  expect(Object.keys(copyFiles)).not.toContain("pages/warranty.yaml");
});

it("asks for the page's words: a site without its copy file fails, naming the file", { timeout: 120_000 }, async () => {
  const bare = await copyFixture("small");
  try {
    const failed = await run(process.execPath, [path.join(tool, "bin/gopher-site.js"), "build"], { cwd: bare, env: { ...process.env, NO_COLOR: "1" } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("content/pages/warranty.yaml");
  } finally {
    await removeDir(bare);
  }
});
