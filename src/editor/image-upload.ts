/** The largest picture the editor takes: a phone's photo, not a camera's raw file. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

export type ImageKind = "jpg" | "png" | "webp" | "avif";

/** What the bytes are, from their signature, whatever the file's name says; undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return undefined;
}

/** A file name for public/images/: the owner's name made safe (letters, digits, hyphens), the real type's extension. */
export function uploadName(original: string, kind: ImageKind): string {
  const stem = original
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${stem || "picture"}.${kind}`;
}
