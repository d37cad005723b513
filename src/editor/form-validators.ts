import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { CACHE_DIR, packageVersion } from "../paths.ts";
import { writeFileAtomically } from "../write-atomically.js";
import { EDITOR_BUNDLE } from "./editor-app.ts";

/**
 * The forms' validators, compiled here instead of in the browser. The form library compiles a
 * schema into JavaScript and runs it with `new Function`, which the editor's Content-Security-Policy
 * rightly forbids (no 'unsafe-eval'): its checks were off, and its choices of a kind (a section's
 * type) guessed. So a form sends its schema once, and gets the name of a script of this origin that
 * holds the library's own precompiled validators for it (ajv's standalone code, bundled by esbuild).
 */
export interface FormValidators {
  /** The name, under /__editor/, of the module with the validators of this schema (JSON text), compiled once. */
  compile(schemaText: string): Promise<string>;
  /**
   * A module compiled before, by this process or one before it (kept on disk), by its name;
   * undefined when there is none. Its name is a hash of its schema's text (validatorName): a page
   * that has the schema asks for it without asking for a compile first, a round trip less.
   */
  module(name: string): Promise<Uint8Array | undefined>;
}

/** The name of a schema's module: a hash of its text (the page computes the same: app/form-validator.ts). */
export function validatorName(schemaText: string): string {
  return `validators/${createHash("sha256").update(schemaText).digest("hex").slice(0, 32)}.js`;
}

/** Changed whenever a module kept on disk would be made differently by this code. */
const KEPT_FORMAT = 1;

/** What a schema sent to be compiled may be: a form's schema, however large the site's (the site's is ~30 KB). */
export const MAX_SCHEMA_BYTES = 1024 * 1024;

/** A form's maps of values (each compiled on its own, parserRoots) and its compiled code, at most. */
const MAX_ROOTS = 200;
const MAX_CODE_BYTES = 16 * 1024 * 1024;

/** How many compiled modules are kept in memory: every form of a site at once, and then some; the oldest go first. */
const KEPT = 64;

/** A module's name as validatorName makes it: nothing else is looked for on disk. */
const VALIDATOR_NAME = /^validators\/[0-9a-f]{32}\.js$/;

export class SchemaRefused extends Error {}

// Where the library and ajv are installed: the compiled code imports ajv's runtime helpers by name.
const LIBRARY_DIR = path.dirname(createRequire(import.meta.url).resolve("@rjsf/validator-ajv8"));

type JsonSchema = Record<string, unknown>;

/**
 * The schemas the library's parser is run from: the form's, and each schema of a map's values
 * (`additionalProperties`, a price list's items), which its parser does not reach, though the form
 * checks a value against them (which kind of price an item is).
 */
export function parserRoots(schema: JsonSchema): JsonSchema[] {
  const roots = [schema];
  const seen = new Set([JSON.stringify(schema)]);
  const visit = (node: unknown, underMap: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, false));
    if (!node || typeof node !== "object") return;
    if (underMap) {
      const text = JSON.stringify(node);
      if (!seen.has(text)) (seen.add(text), roots.push(node as JsonSchema));
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "patternProperties" && value && typeof value === "object") Object.values(value).forEach((item) => visit(item, true));
      else visit(value, key === "additionalProperties");
    }
  };
  visit(schema, false);
  return roots;
}

/**
 * The forms' validators of an editor server: compiled when a form first asks, kept in memory and in
 * `keptIn` (node_modules/.cache: a later run serves them without compiling; null: memory only).
 */
export function createFormValidators(keptIn: string | null = path.join(CACHE_DIR, "editor-validators")): FormValidators {
  const modules = new Map<string, Uint8Array>();
  const compiling = new Map<string, Promise<string>>();
  // What else decides a module: the library's, ajv's and esbuild's versions.
  const makers = createHash("sha256").update(JSON.stringify([KEPT_FORMAT, ...["@rjsf/validator-ajv8", "ajv", "esbuild"].map(packageVersion)])).digest("hex").slice(0, 12);
  const keptFile = (name: string) => keptIn && path.join(keptIn, `${name.slice("validators/".length, -".js".length)}-${makers}.js`);

  function remember(name: string, data: Uint8Array): void {
    modules.delete(name);
    modules.set(name, data);
    while (modules.size > KEPT) modules.delete(modules.keys().next().value!);
  }

  /** A module an earlier run compiled, from disk; undefined when there is none (or the disk cannot be read). */
  async function kept(name: string): Promise<Uint8Array | undefined> {
    const file = VALIDATOR_NAME.test(name) ? keptFile(name) : undefined;
    if (!file) return undefined;
    const data = await readFile(file).catch(() => undefined);
    if (data) remember(name, data);
    return data;
  }

  /** Kept for the next run; a cache, so a disk that cannot be written only costs a compile then. */
  async function keep(name: string, data: Uint8Array): Promise<void> {
    const file = keptFile(name);
    if (!file) return;
    await mkdir(path.dirname(file), { recursive: true }).catch(() => {});
    writeFileAtomically(file, data);
  }

  async function compileNow(name: string, schemaText: string): Promise<string> {
    let schema: unknown;
    try {
      schema = JSON.parse(schemaText);
    } catch {
      throw new SchemaRefused("the form's schema is not valid JSON (a bug in the editor, not in your site)");
    }
    if (!schema || typeof schema !== "object" || Array.isArray(schema)) throw new SchemaRefused("the form's schema is not an object (a bug in the editor, not in your site)");
    // Loaded when a form first asks: a build or dev without the editor never pays for ajv.
    const { compileSchemaValidatorsCode } = await import("@rjsf/validator-ajv8/compileSchemaValidators");
    const roots = parserRoots(schema as JsonSchema);
    if (roots.length - 1 > MAX_ROOTS) throw new SchemaRefused(`the form's schema has ${roots.length - 1} maps of values, more than the ${MAX_ROOTS} a form may have (a bug in the editor, not in your site)`);
    const codes: string[] = [];
    let size = 0;
    try {
      for (const root of roots) {
        codes.push(compileSchemaValidatorsCode(root));
        size += codes.at(-1)!.length;
        // Compiled code can grow far faster than its schema (maps within maps): stopped early, not waited out.
        if (size > MAX_CODE_BYTES) throw new SchemaRefused(`the form's schema compiles to more than ${MAX_CODE_BYTES / 1024 / 1024} MB of code (a bug in the editor, not in your site)`);
      }
    } catch (error) {
      if (error instanceof SchemaRefused) throw error;
      throw new SchemaRefused(`the form's schema cannot be compiled (a bug in the editor, not in your site): ${(error as Error).message}`);
    }
    // ajv's code is CommonJS that requires its runtime; bundled, one module of this origin exports
    // every part's validators in one map.
    const result = await bundle(codes).catch((error: unknown) => {
      throw new SchemaRefused(`the form's schema cannot be bundled (a bug in the editor, not in your site): ${(error as Error).message}`);
    });
    remember(name, result);
    await keep(name, result);
    return name;
  }

  async function bundle(codes: readonly string[]): Promise<Uint8Array> {
    const result = await build({
      ...EDITOR_BUNDLE,
      stdin: { contents: `export default Object.assign({}, ${codes.map((_, i) => `require("part:${i}")`).join(", ")});`, resolveDir: LIBRARY_DIR, sourcefile: "validators.js", loader: "js" },
      plugins: [
        {
          name: "validator-parts",
          setup(plugin) {
            plugin.onResolve({ filter: /^part:\d+$/ }, (args) => ({ path: args.path, namespace: "part" }));
            plugin.onLoad({ filter: /.*/, namespace: "part" }, (args) => ({ contents: codes[Number(args.path.slice("part:".length))], resolveDir: LIBRARY_DIR, loader: "js" }));
          },
        },
      ],
    });
    return result.outputFiles[0]!.contents;
  }

  return {
    compile(schemaText) {
      const name = validatorName(schemaText);
      if (modules.has(name)) {
        // Used again: the last to be forgotten.
        remember(name, modules.get(name)!);
        return Promise.resolve(name);
      }
      let pending = compiling.get(name);
      if (!pending) {
        pending = kept(name)
          .then((data) => (data ? name : compileNow(name, schemaText)))
          .finally(() => compiling.delete(name));
        compiling.set(name, pending);
      }
      return pending;
    },
    module: async (name) => modules.get(name) ?? (await kept(name)),
  };
}
