/**
 * The sizes of picture the image pipeline takes, one rule for the editor's upload and the build:
 * whatever the upload accepts, the build can encode.
 */

/**
 * The most pixels a picture may have: a 50-megapixel camera's photo. More is a mistake or a
 * decompression bomb (a few kilobytes that unpack to gigabytes), refused before it is decoded.
 */
export const MAX_PIXELS = 50_000_000;

/**
 * How many times its short side a picture's long side may be. Past this a rendition 480 pixels
 * wide is under a pixel tall, and the 1200 × 630 link preview, cropped from the picture scaled up,
 * goes past what libvips can address ("affine: output coordinates out of range" from about 30,000).
 */
export const MAX_ASPECT = 1_000;

/**
 * The longest side an encoded picture may have: WebP's limit (libwebp), one pixel under AVIF's
 * 16,384 (libheif: "Processed image is too large for the HEIF format"). A longer picture is not
 * refused: its renditions are scaled down to fit.
 */
export const MAX_ENCODED_SIDE = 16_383;

/** The limits, for the image cache's keys: a picture encoded under other limits is checked again. */
export const PICTURE_LIMITS = { pixels: MAX_PIXELS, aspect: MAX_ASPECT, side: MAX_ENCODED_SIDE };

/** A picture the build refuses for its size; the build names the file, the upload says "the picture". */
export class PictureSizeError extends Error {
  constructor(readonly problem: string) {
    super(`the picture ${problem}`);
    this.name = "PictureSizeError";
  }
}

/** Why a picture of this size cannot be used, to follow its name ("… is 100000 × 1 pixels, …"); undefined if it can. */
export function sizeProblem(width: number, height: number): string | undefined {
  const size = `is ${width} × ${height} pixels`;
  if (width * height > MAX_PIXELS) {
    return `${size} (${Math.round((width * height) / 1e6)} megapixels), more than the ${MAX_PIXELS / 1e6} megapixels a picture may have; make it smaller first (2400 pixels wide is plenty for a website)`;
  }
  if (Math.max(width, height) > MAX_ASPECT * Math.min(width, height)) {
    return `${size}, its long side more than ${MAX_ASPECT.toLocaleString("en-US")} times its short one: too thin a strip for a page or a link preview; crop it to the part worth showing`;
  }
  return undefined;
}

/** Throws a PictureSizeError if the build cannot use a picture of this size. */
export function checkPictureSize(width: number, height: number): void {
  const problem = sizeProblem(width, height);
  if (problem) throw new PictureSizeError(problem);
}

/** The widest rendition of a picture whose height still fits MAX_ENCODED_SIDE once resized (height rounds). */
export function widestEncodable(width: number, height: number): number {
  return height <= MAX_ENCODED_SIDE ? width : Math.max(1, Math.floor((MAX_ENCODED_SIDE * width) / height));
}

/** Says that a picture taller than the encoders take is shown smaller than it is. */
export function scaledDownNotice(file: string, source: { width: number; height: number }, shown: { width: number; height: number }): string {
  return `${file} is ${source.width} × ${source.height} pixels; the site shows it at most ${shown.width} × ${shown.height}, as WebP and AVIF pictures can be at most ${MAX_ENCODED_SIDE.toLocaleString("en-US")} pixels on a side.`;
}
