import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../errors.ts";
import type { StarterFile } from "./starter.ts";

/**
 * Writes the starter's files into `folder` (made if missing). Refuses, before writing anything,
 * when any of them is already there, naming each: init never overwrites a file.
 */
export async function writeStarter(folder: string, files: readonly StarterFile[]): Promise<void> {
  const existing = files.map((file) => file.path).filter((name) => existsSync(path.join(folder, name)));
  if (existing.length > 0) {
    const shown = existing.slice(0, 10).map((name) => `  ${name}`);
    if (existing.length > 10) shown.push(`  and ${existing.length - 10} more`);
    throw new UserError(
      `${folder} already has ${existing.length === 1 ? "a file" : "files"} that init would write:\n${shown.join("\n")}\n` +
        "init never overwrites a file: choose an empty folder (gopher-site init my-site), or move these away. Nothing was written.",
    );
  }
  for (const file of files) {
    const target = path.join(folder, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    // "wx": fails rather than replace a file made since the check above.
    await writeFile(target, file.data, { flag: "wx" });
  }
}
