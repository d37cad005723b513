import * as z from "zod";
import { siteSchema } from "./schema.ts";

/** The JSON Schema of site.yaml, generated from the zod schema, for editors' completion and checks. */
export function siteJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(siteSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...schema,
    title: "gopher-site site.yaml",
    description: "Every business fact of the site. Generated from src/config/schema.ts by `gopher-site schema`; do not edit by hand.",
  };
}

/** The file's text: stable key order, two-space indent, final newline. */
export function siteJsonSchemaText(): string {
  return `${JSON.stringify(siteJsonSchema(), null, 2)}\n`;
}
