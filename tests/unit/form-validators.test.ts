import { getFirstMatchingOption } from "@rjsf/utils";
import { createPrecompiledValidator } from "@rjsf/validator-ajv8";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFormValidators, parserRoots, SchemaRefused, validatorName } from "../../src/editor/form-validators.ts";

// A price list as the Business form has it: a map whose values are a number or a "from" price.
const PRICES = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    items: { type: "object", additionalProperties: { anyOf: [{ type: "number", minimum: 0 }, { type: "object", properties: { from: { type: "number" } }, required: ["from"] }] } },
  },
  required: ["name"],
};

async function validatorOf(schema: Record<string, unknown>) {
  // Memory only: compiled here, not found in an earlier run's cache.
  const validators = createFormValidators(null);
  const name = await validators.compile(JSON.stringify(schema));
  const code = Buffer.from((await validators.module(name))!).toString("utf8");
  // The module the browser imports, with nothing evaluated from a string: ajv's compiled code as it is.
  expect(code).not.toMatch(/new Function|\beval\(/);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { default: Parameters<typeof createPrecompiledValidator>[0] };
  return { name, validator: createPrecompiledValidator(module.default, schema) };
}

describe("the forms' validators, compiled by the editor server", () => {
  it("checks a form's values with the library's precompiled code", async () => {
    const { name, validator } = await validatorOf(PRICES);
    expect(name).toMatch(/^validators\/[0-9a-f]{32}\.js$/);
    expect(validator.isValid(PRICES, { name: "Prices", items: { visit: 129 } }, PRICES)).toBe(true);
    expect(validator.isValid(PRICES, { items: {} }, PRICES)).toBe(false);
    expect(validator.validateFormData({ name: "" }, PRICES).errors.map((error) => error.property)).toEqual([".name"]);
  });

  it("has a validator for each kind of a map's value, which the library's parser does not reach", async () => {
    const { validator } = await validatorOf(PRICES);
    const [number, from] = PRICES.properties.items.additionalProperties.anyOf;
    // As the form picks a price's kind from its value.
    expect(getFirstMatchingOption(validator, 129, [number!, from!], PRICES)).toBe(0);
    expect(getFirstMatchingOption(validator, { from: 129 }, [number!, from!], PRICES)).toBe(1);
    expect(parserRoots(PRICES)).toHaveLength(2);
  });

  it("compiles a schema once, and refuses what is not a schema with the words of a bug", async () => {
    const validators = createFormValidators(null);
    const text = JSON.stringify(PRICES);
    const [first, second] = await Promise.all([validators.compile(text), validators.compile(text)]);
    expect(first).toBe(second);
    await expect(validators.compile("{not json")).rejects.toThrow(SchemaRefused);
    await expect(validators.compile("[1]")).rejects.toThrow("the form's schema is not an object (a bug in the editor, not in your site)");
    await expect(validators.compile(JSON.stringify({ type: 12 }))).rejects.toThrow(/cannot be compiled/);
    expect(await validators.module("validators/none.js")).toBeUndefined();
  });

  it("keeps each module for the next run, found by the hash of its schema's text without a compile", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "gopher-validators-"));
    try {
      const text = JSON.stringify(PRICES);
      const first = createFormValidators(folder);
      const name = await first.compile(text);
      // The name the page computes from the same text (app/form-validator.ts, with Web Crypto).
      expect(name).toBe(`validators/${(await sha256Hex(text)).slice(0, 32)}.js`);
      expect(name).toBe(validatorName(text));
      expect(await readdir(folder)).toHaveLength(1);
      const later = createFormValidators(folder);
      expect(Buffer.from((await later.module(name))!).equals(Buffer.from((await first.module(name))!))).toBe(true);
      expect(await later.compile(text)).toBe(name);
      // Only a name validatorName makes is looked for; a run without the folder has none.
      expect(await later.module("validators/../../package.json")).toBeUndefined();
      expect(await createFormValidators(null).module(name)).toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses a schema whose code would explode (maps within maps), with the words of a bug", async () => {
    const maps = (depth: number) => {
      let nested: Record<string, unknown> = { type: "string" };
      for (let level = 0; level < depth; level++) nested = { type: "object", description: `level ${level}`, additionalProperties: nested };
      return JSON.stringify(nested);
    };
    await expect(createFormValidators(null).compile(maps(201))).rejects.toThrow("the form's schema has 201 maps of values, more than the 200 a form may have (a bug in the editor, not in your site)");
    await expect(createFormValidators(null).compile(maps(180))).rejects.toThrow("the form's schema compiles to more than 16 MB of code (a bug in the editor, not in your site)");
  });
});

/** SHA-256 in hex, as a browser computes it (Web Crypto). */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}
