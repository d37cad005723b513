/** A file the build will write, relative to the output folder. */
export interface OutputFile {
  /** Relative path with forward slashes, e.g. `assets/site.Ab12.css`. */
  path: string;
  /** Contents, or the absolute path of a file to copy as it is. */
  data: string | Uint8Array | { copyFrom: string };
}

/** Two files for one path: a file copied from public/ would silently replace a generated one, or the reverse. */
export function duplicatePaths(files: readonly OutputFile[], publicPaths: ReadonlySet<string>): Array<{ file: string; message: string }> {
  const seen = new Set<string>();
  const problems: Array<{ file: string; message: string }> = [];
  for (const { path } of files) {
    if (!seen.has(path)) {
      seen.add(path);
    } else if (publicPaths.has(path)) {
      problems.push({ file: `public/${path}`, message: `gopher-site writes ${path} itself; remove this file from public/` });
    } else {
      problems.push({ file: path, message: `two outputs would be written to ${path}` });
    }
  }
  return problems;
}
