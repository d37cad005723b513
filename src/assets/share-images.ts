import path from "node:path";
import type { Sharp } from "sharp";
import type { ImageFile } from "../routes/page-props.ts";
import { cachedImages, imageCacheKey, loadSharp, type CachedImage } from "./image-cache.ts";
import { checkPictureSize, PICTURE_LIMITS, PictureSizeError } from "./image-limits.ts";
import type { OutputFile } from "./output-file.ts";

/** The size social networks and chat apps show link previews at (1.91:1). */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

export interface GeneratedImages {
  images: ImageFile[];
  files: OutputFile[];
}

/**
 * A link-preview picture: social networks do not show SVG, so an SVG becomes a PNG (crisp flat
 * colours), a JPEG stays a JPEG (photos), cropped to fill 1200x630.
 */
export async function shareImage(src: string, source: Uint8Array): Promise<GeneratedImages> {
  const format = /\.jpe?g$/i.test(src) ? "jpeg" : "png";
  const base = path.posix.basename(src).replace(/\.[^.]+$/, "");
  const recipe = { share: SHARE_SIZE, format, svg: isSvg(src), limits: PICTURE_LIMITS };
  const encoded = await cachedImages(imageCacheKey(source, recipe), async () => {
    const image = await rasterize(source, isSvg(src), SHARE_SIZE.width, SHARE_SIZE.height);
    const resized = image.resize({ ...SHARE_SIZE, fit: "cover" });
    const data = await (format === "png" ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
    return [{ name: `${base}.${format === "png" ? "png" : "jpg"}`, ...SHARE_SIZE, type: `image/${format}`, data }];
  });
  return published(encoded, "share");
}

/**
 * The PNG icons made from the site's square icon: a 180 px apple-touch-icon on the brand's
 * background colour (iOS shows transparency as black), and the web manifest's 192 and 512 px.
 */
export async function iconImages(src: string, source: Uint8Array, background: string): Promise<GeneratedImages> {
  const recipe = { icons: [180, 192, 512], background, svg: isSvg(src), limits: PICTURE_LIMITS };
  const encoded = await cachedImages(imageCacheKey(source, recipe), async () => {
    const sharp = await loadSharp();
    const icon = async (size: number) => (await rasterize(source, isSvg(src), size, size)).resize(size, size, { fit: "contain", background: "#0000" });
    // The apple icon keeps a margin: iOS rounds its corners, which would cut into a full-bleed logo.
    const inner = Math.round(180 * 0.8);
    const appleLogo = await (await icon(inner)).png().toBuffer();
    const apple = await sharp(appleLogo)
      .extend({ top: 18, bottom: 180 - inner - 18, left: 18, right: 180 - inner - 18, background })
      .flatten({ background })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const manifest = await Promise.all([192, 512].map(async (size) => ({ size, data: await (await icon(size)).png({ compressionLevel: 9 }).toBuffer() })));
    return [
      { name: "apple-touch-icon.png", width: 180, height: 180, type: "image/png", data: apple },
      ...manifest.map(({ size, data }) => ({ name: `icon-${size}.png`, width: size, height: size, type: "image/png", data })),
    ];
  });
  return published(encoded, "icons");
}

function isSvg(src: string): boolean {
  return /\.svg$/i.test(src);
}

/**
 * A sharp pipeline of the source; an SVG is rendered at a density that covers the target size.
 * Throws a PictureSizeError for a raster picture the pipeline cannot take (image-limits.ts).
 */
async function rasterize(source: Uint8Array, svg: boolean, width: number, height: number): Promise<Sharp> {
  const sharp = await loadSharp();
  if (!svg) {
    const { autoOrient } = await sharp(source).metadata();
    checkPictureSize(autoOrient.width, autoOrient.height);
    return sharp(source).rotate();
  }
  // Its size as written, not drawn: an SVG may say it is larger than the pixels sharp would draw at once.
  const meta = await sharp(source, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new PictureSizeError(`cannot be drawn as a picture (${error instanceof Error ? error.message : String(error)}); give the SVG a width and height of at least 1 pixel`);
    });
  // Drawn at the density that covers the target, smaller or larger than the SVG says it is: what is
  // drawn is checked as any picture is (a 1 × 5000 strip drawn 1200 wide would be 6,000,000 tall).
  const scale = Math.max(width / meta.width, height / meta.height);
  checkPictureSize(Math.ceil(meta.width * scale), Math.ceil(meta.height * scale));
  return sharp(source, { density: Math.max(1, Math.ceil(72 * scale)) });
}

function published(encoded: CachedImage[], folder: string): GeneratedImages {
  const images = encoded.map((image) => {
    const dot = image.name.lastIndexOf(".");
    const publicPath = `/assets/${folder}/${image.name.slice(0, dot)}.${image.hash}${image.name.slice(dot)}`;
    return { path: publicPath, width: image.width, height: image.height, type: image.type, file: image.file };
  });
  return {
    images: images.map(({ file: _file, ...image }) => image),
    files: images.map((image) => ({ path: image.path.slice(1), data: { copyFrom: image.file } })),
  };
}
