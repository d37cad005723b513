/** A file the build will write, relative to the output folder. */
export interface OutputFile {
  /** Relative path with forward slashes, e.g. `assets/site.Ab12.css`. */
  path: string;
  /** Contents, or the absolute path of a file to copy as it is. */
  data: string | Uint8Array | { copyFrom: string };
}
