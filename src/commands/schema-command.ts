import { writeFile } from "node:fs/promises";
import { siteJsonSchemaText } from "../config/json-schema.ts";
import type { Logger } from "../log.ts";

/** `gopher-site schema`: write the JSON Schema editors use to check site.yaml as you type. */
export async function schemaCommand(options: { out: string }, log: Logger): Promise<void> {
  await writeFile(options.out, siteJsonSchemaText());
  log.success(`Wrote ${options.out}`);
}
