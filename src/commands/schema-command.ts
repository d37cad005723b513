import { writeFile } from "node:fs/promises";
import { siteJsonSchemaText } from "../config/json-schema.ts";
import { UserError } from "../errors.ts";
import type { Logger } from "../log.ts";

/** `gopher-site schema`: write the JSON Schema editors use to check site.yaml as you type. */
export async function schemaCommand(options: { out: string }, log: Logger): Promise<void> {
  try {
    await writeFile(options.out, siteJsonSchemaText());
  } catch (error) {
    throw new UserError(`cannot write ${options.out} (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the folder exists and is writable`, { cause: error });
  }
  log.success(`Wrote ${options.out}`);
}
