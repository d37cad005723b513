import path from "node:path";
import type { Sharp } from "sharp";
import type { ResponsiveImage } from "../routes/page-props.ts";
import { cachedImages, imageCacheKey, loadSharp, type CachedImage, type EncodedImage } from "./image-cache.ts";
import { checkPictureSize, PICTURE_LIMITS, widestEncodable } from "./image-limits.ts";
import type { OutputFile } from "./output-file.ts";

/** Widths made of each raster image (never wider than the source): phone, tablet, laptop, large screens. */
export const WIDTHS = [480, 800, 1200, 1600, 2400] as const;

/**
 * AVIF then WebP (best first), and the source's own format as the fallback. AVIF effort 3 is
 * several times faster than the default 4 for a few percent more bytes. No PNG palette: it is lossy.
 */
const RECIPE = {
  widths: WIDTHS,
  avif: { quality: 50, effort: 3 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9 },
};

const TYPES = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" } as const;
type Format = keyof typeof TYPES;
const EXTENSIONS: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

export interface ResponsiveImageResult {
  image: ResponsiveImage;
  files: OutputFile[];
  /** The source's size, when it is too tall for WebP and AVIF and is shown smaller (`image` has the size shown). */
  scaledFrom?: { width: number; height: number };
}

/**
 * Encodes a PNG or JPEG from public/ into every width and format (cached) and names the files by
 * content. Throws a PictureSizeError for a picture the pipeline cannot take (image-limits.ts).
 */
export async function responsiveImage(src: string, source: Uint8Array): Promise<ResponsiveImageResult> {
  const fallback: Format = /\.png$/i.test(src) ? "png" : "jpeg";
  const base = path.posix.basename(src).replace(/\.[^.]+$/, "");
  const encoded = await cachedImages(imageCacheKey(source, { ...RECIPE, fallback, limits: PICTURE_LIMITS }), () => encode(source, base, fallback));
  const files = encoded.map((image) => ({ path: publicName(image).slice(1), data: { copyFrom: image.file } }));
  return { image: describe(encoded, fallback), files, scaledFrom: encoded[0]?.scaledFrom };
}

/** `/assets/images/yard-800.Ab12Cd34Ef.avif` */
function publicName(image: CachedImage): string {
  const dot = image.name.lastIndexOf(".");
  return `/assets/images/${image.name.slice(0, dot)}.${image.hash}${image.name.slice(dot)}`;
}

/**
 * The widths to make: each standard width below the source's, then the source's own, capped at the
 * largest standard width and, for a picture taller than WebP and AVIF take, at the width that fits.
 */
export function widthsFor(sourceWidth: number, sourceHeight = 0): number[] {
  const largest = Math.min(sourceWidth, Math.max(...WIDTHS), widestEncodable(sourceWidth, sourceHeight));
  return [...WIDTHS.filter((width) => width < largest), largest];
}

async function encode(source: Uint8Array, base: string, fallback: Format): Promise<EncodedImage[]> {
  const sharp = await loadSharp();
  // autoOrient: the size as people see the picture, after the camera's orientation is applied.
  const { autoOrient } = await sharp(source).metadata();
  checkPictureSize(autoOrient.width, autoOrient.height);
  const widths = widthsFor(autoOrient.width, autoOrient.height);
  const scaled = widths.at(-1)! < Math.min(autoOrient.width, Math.max(...WIDTHS));
  const scaledFrom = scaled ? { width: autoOrient.width, height: autoOrient.height } : undefined;
  const jobs = widths.flatMap((width) =>
    (["avif", "webp", fallback] as Format[]).map(async (format): Promise<EncodedImage> => {
      // rotate() applies the camera's orientation; metadata is not copied (privacy, bytes).
      const pipeline = sharp(source).rotate().resize({ width, withoutEnlargement: true });
      const { data, info } = await withFormat(pipeline, format).toBuffer({ resolveWithObject: true });
      return { name: `${base}-${width}.${EXTENSIONS[format]}`, width: info.width, height: info.height, type: TYPES[format], data, scaledFrom };
    }),
  );
  return Promise.all(jobs);
}

function withFormat(pipeline: Sharp, format: Format): Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif(RECIPE.avif);
    case "webp":
      return pipeline.webp(RECIPE.webp);
    case "jpeg":
      return pipeline.jpeg(RECIPE.jpeg);
    case "png":
      return pipeline.png(RECIPE.png);
  }
}

function describe(encoded: CachedImage[], fallback: Format): ResponsiveImage {
  const srcset = (type: string) =>
    encoded
      .filter((image) => image.type === type)
      .sort((a, b) => a.width - b.width)
      .map((image) => `${publicName(image)} ${image.width}w`)
      .join(", ");
  const own = encoded.filter((image) => image.type === TYPES[fallback]).sort((a, b) => a.width - b.width);
  const largest = own[own.length - 1]!;
  // Browsers without srcset are gone; `src` is what crawlers and old readers take: a mid-size one.
  const src = [...own].reverse().find((image) => image.width <= 1200) ?? own[0]!;
  return {
    width: largest.width,
    height: largest.height,
    fallback: { src: publicName(src), srcset: srcset(TYPES[fallback]) },
    sources: [{ type: TYPES.avif, srcset: srcset(TYPES.avif) }, { type: TYPES.webp, srcset: srcset(TYPES.webp) }],
  };
}
