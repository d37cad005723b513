import { readFile, realpath } from "node:fs/promises";
import path from "node:path";

/** What a field naming a picture is told when its path would leave public/. */
export const OUTSIDE_PUBLIC = "must be a file under public/";

/**
 * The file a site path such as `/images/hero.png` names in `publicDir`, or undefined when the path
 * would leave the folder once its `..` are resolved (`/../../outside.png`). Pure: the disk is not read.
 */
export function publicFile(publicDir: string, webPath: string): string | undefined {
  const root = path.resolve(publicDir);
  const file = path.resolve(root, ...webPath.split("/").filter((segment) => segment !== ""));
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** Any folder does: whether a path stays in public/ does not depend on where public/ is. */
const STAND_IN = path.resolve("/project/public");

/** Whether a site path stays inside public/: what the schemas of site.yaml, copy and front matter check. */
export function staysInPublic(webPath: string): boolean {
  return publicFile(STAND_IN, webPath) !== undefined;
}

export type PublicRead =
  | { kind: "file"; bytes: Buffer }
  | { kind: "missing" }
  /** `link`: the path in public/ that a symbolic link leads out of it; none when the path itself leaves. */
  | { kind: "outside"; link?: string };

/**
 * Reads the file a site path names in public/. Symbolic links are followed only to files inside
 * the real public/: a link to the owner's home folder must not publish what it points at.
 */
export async function readPublicFile(publicDir: string, webPath: string): Promise<PublicRead> {
  const file = publicFile(publicDir, webPath);
  if (!file) return { kind: "outside" };
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(file), realpath(publicDir)]);
  } catch {
    return { kind: "missing" };
  }
  if (!real.startsWith(realRoot + path.sep)) return { kind: "outside", link: file };
  try {
    return { kind: "file", bytes: await readFile(real) };
  } catch {
    return { kind: "missing" };
  }
}
