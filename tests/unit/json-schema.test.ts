import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteJsonSchema, siteJsonSchemaText } from "../../src/config/json-schema.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("site.schema.json", () => {
  it("is in sync with the zod schema (regenerate with `npx gopher-site schema`)", () => {
    expect(readFileSync(path.join(ROOT, "site.schema.json"), "utf8")).toBe(siteJsonSchemaText());
  });

  it("is referenced from site.yaml by the yaml-language-server modeline", () => {
    expect(readFileSync(path.join(ROOT, "site.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=./site.schema.json");
  });

  it("forbids unknown keys and requires https links, like the build does", () => {
    const schema = siteJsonSchema() as { additionalProperties: boolean; properties: Record<string, { pattern?: string }> };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.siteUrl!.pattern).toBe("^https:\\/\\/[^\\s]+$");
  });
});
