import { createHash } from "node:crypto";

/** A short hash of file contents, for far-future cacheable names. */
export function contentHash(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("base64url").slice(0, 10).replace(/[-_]/g, "x");
}

/** `site.css` + contents -> `site.AbC123xyz0.css` */
export function hashedName(name: string, data: string | Uint8Array): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.${contentHash(data)}${name.slice(dot)}`;
}
