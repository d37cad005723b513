import type { Metadata } from "sharp";
import { loadSharp } from "../assets/image-cache.ts";
import { MAX_PIXELS, sizeProblem } from "../assets/image-limits.ts";

/** The largest picture the editor keeps: a larger one is scaled down to fit (scale-upload.ts). */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/** The largest file the editor reads to scale down: a phone's biggest photo, not a camera's raw file. */
export const MAX_UPLOAD_REQUEST_BYTES = 40 * 1024 * 1024;

/**
 * The most pixels an upload may have to be scaled down (a 108-megapixel phone's photo); past this it
 * is a mistake or a decompression bomb, refused before it is decoded.
 */
export const MAX_UPLOAD_PIXELS = 120_000_000;

export type ImageKind = "jpg" | "png" | "webp" | "avif";

const KIND_NAMES: Record<ImageKind, string> = { jpg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };
const WITH_ARTICLE: Record<ImageKind, string> = { jpg: "a JPEG", png: "a PNG", webp: "a WebP", avif: "an AVIF" };

/** sharp's name for each kind's format (an AVIF is a HEIF file holding AV1). */
const SHARP_FORMATS: Record<ImageKind, string> = { jpg: "jpeg", png: "png", webp: "webp", avif: "heif" };

/** What the bytes are, from their signature, whatever the file's name says; undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return undefined;
}

/** Why a picture whose signature says `kind` cannot be taken, judged from its decoded header; undefined if it can. */
export function headerProblem(kind: ImageKind, header: Pick<Metadata, "format" | "compression" | "width" | "height">): string | undefined {
  const format = header.format === "heif" ? `HEIF (${header.compression ?? "unknown"})` : String(header.format).toUpperCase();
  if (header.format !== SHARP_FORMATS[kind] || (kind === "avif" && header.compression !== "av1")) {
    return `this file claims to be ${WITH_ARTICLE[kind]} picture but holds ${format}; open it and export it again as JPEG, PNG, WebP or AVIF`;
  }
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  if (width * height > MAX_UPLOAD_PIXELS) {
    return `the picture is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels), more than the ${MAX_UPLOAD_PIXELS / 1e6} megapixels the editor can scale down; make it smaller first (2400 pixels wide is plenty for a website)`;
  }
  // Too many pixels for the build is scaled down at upload; the build's other limits are its own words.
  const problem = width * height > MAX_PIXELS ? undefined : sizeProblem(width, height);
  return problem && `the picture ${problem}`;
}

/**
 * The kind of an uploaded picture, or why it is refused (for the owner): its signature, then its
 * header as sharp decodes it, then the whole picture made small once, as the build will: a file
 * damaged or cut short after a good header would otherwise stop the next build.
 */
export async function checkPicture(bytes: Uint8Array): Promise<{ kind: ImageKind; width: number; height: number } | { problem: string }> {
  const kind = sniffImage(bytes);
  if (!kind) return { problem: "only JPEG, PNG, WebP or AVIF pictures can be uploaded" };
  const unreadable = {
    problem: `this ${KIND_NAMES[kind]} picture cannot be read: the file is damaged or cut short, or holds a kind of picture the site cannot use (an iPhone's HEIC, say); open it and export it again as JPEG`,
  };
  const sharp = await loadSharp();
  const header = await sharp(bytes).metadata().catch(() => undefined);
  if (!header) return unreadable;
  const problem = headerProblem(kind, header);
  if (problem) return { problem };
  try {
    await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS }).resize({ width: 64 }).raw().toBuffer();
  } catch {
    return unreadable;
  }
  return { kind, width: header.width ?? 0, height: header.height ?? 0 };
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

/** The names an upload may take, in order: `yard.png`, `yard-2.png`, `yard-3.png`… up to `most` of them. */
export function* uploadNames(first: string, most = 1000): Generator<string> {
  yield first;
  for (let n = 2; n <= most; n++) yield first.replace(/(\.[a-z]+)$/, `-${n}$1`);
}
