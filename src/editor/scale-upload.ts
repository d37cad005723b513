import { loadSharp } from "../assets/image-cache.ts";
import { MAX_PIXELS, sizeProblem } from "../assets/image-limits.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, type ImageKind } from "./image-upload.ts";

export interface ScaledPicture {
  bytes: Buffer;
  kind: ImageKind;
  /** What the owner is told: the photo's size before and after. */
  note: string;
}

/** The long sides tried in turn until the file fits MAX_UPLOAD_BYTES: far more than a page shows. */
const LONG_SIDES = [4000, 3200, 2400, 1600];

/** Whether a checked picture must be scaled down before the editor keeps it. */
export function needsScaling(bytes: Uint8Array, width: number, height: number): boolean {
  return bytes.length > MAX_UPLOAD_BYTES || width * height > MAX_PIXELS;
}

/**
 * A phone's photo over the limits made to fit them: turned as its EXIF says, its metadata (the place it
 * was taken) dropped, a JPEG kept as JPEG and anything else made WebP (keeps transparency, encodes fast).
 * Returns a problem for a picture no size fits.
 */
export async function scaleDown(bytes: Uint8Array, kind: ImageKind, width: number, height: number): Promise<ScaledPicture | { problem: string }> {
  const sharp = await loadSharp();
  const outKind: ImageKind = kind === "jpg" ? "jpg" : "webp";
  const fitsPixels = Math.floor(Math.sqrt(MAX_PIXELS / (width * height)) * Math.max(width, height));
  const sides = [Math.min(fitsPixels, Math.max(width, height)), ...LONG_SIDES].filter((side, i, all) => i === 0 || side < all[0]!);
  for (const side of sides) {
    const image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    const encoded = outKind === "jpg" ? image.jpeg({ quality: 82, mozjpeg: true }) : image.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    if (data.length > MAX_UPLOAD_BYTES) continue;
    const problem = sizeProblem(info.width, info.height);
    if (problem) return { problem: `the picture ${problem}` };
    const note = `Your photo was ${megabytes(bytes.length)}, ${width} × ${height} pixels; it was scaled down to ${info.width} × ${info.height}, ${megabytes(data.length)}.`;
    return { bytes: data, kind: outKind, note };
  }
  return { problem: `the picture is still larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB at ${LONG_SIDES.at(-1)} pixels wide; export it again as JPEG` };
}

function megabytes(size: number): string {
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
