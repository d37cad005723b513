import path from "node:path";
import { compareText } from "../compare-text.ts";
import type { Site } from "../config/schema.ts";
import type { Article } from "../content/article-schema.ts";
import type { Copy } from "../content/copy-schema.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { readPublicFile } from "../public-file.ts";
import type { BuiltImages, ImageFile, ResponsiveImage } from "../routes/page-props.ts";
import { PictureSizeError, scaledDownNotice } from "./image-limits.ts";
import type { OutputFile } from "./output-file.ts";
import { responsiveImage } from "./responsive-images.ts";
import { iconImages, shareImage } from "./share-images.ts";

export interface BuildImagesOptions {
  publicDir: string;
  site: Site;
  /** Every language's copy and articles: the pictures any page of any language shows. */
  copies: readonly Copy[];
  articles: readonly Article[];
  /** How site.yaml is named in messages. */
  configDisplay: string;
  /** How public/ is named in messages. */
  publicDisplay: string;
}

export interface BuildImagesResult {
  images: BuiltImages;
  files: OutputFile[];
  /** Pictures shown smaller than they are, too tall for WebP and AVIF. */
  notices: string[];
}

/** A PNG or JPEG path in the copy or an article: a raster image a page shows. */
const RASTER = /^\/[^\s"'<>]+\.(?:png|jpe?g)$/i;

/**
 * The images stage: responsive AVIF/WebP renditions of the raster images pages use, a 1200x630
 * share picture per article and for the site, and the PNG icons. SVGs stay SVG on pages.
 */
export async function buildImages(options: BuildImagesOptions): Promise<BuildImagesResult> {
  const { site, articles } = options;
  const rasters = rasterImagesIn([...options.copies, articles.map((article) => article.image)]);
  const shareSources = [...new Set([site.brand.shareImage, ...articles.map((article) => article.image)])];
  const wanted = [...new Set([site.brand.icon, ...shareSources, ...rasters])];
  // Every picture is read first, so that all that lead out of public/ are named at once, none read.
  const outside = new Map<string, Problem>();
  const sources = new Map<string, Buffer>();
  await Promise.all(
    wanted.map(async (src) => {
      const found = await readPublicFile(options.publicDir, src);
      // A path that leaves by `..` is refused by the schemas at its field; other text is not a picture.
      if (found.kind === "outside" && found.link) outside.set(src, linkOutProblem(found.link, options));
      if (found.kind === "file") sources.set(src, found.bytes);
    }),
  );
  const brandProblems = (["icon", "shareImage"] as const)
    .filter((field) => !sources.has(site.brand[field]) && !outside.has(site.brand[field]))
    .map((field) => ({ file: options.configDisplay, field: `brand.${field}`, message: `${site.brand[field]} is not a file in public/` }));
  if (outside.size > 0 || brandProblems.length > 0) throw new SiteError(sortProblems([...brandProblems, ...outside.values()]));

  const files: OutputFile[] = [];
  const notices: string[] = [];
  const sizeProblems: Problem[] = [];
  const displayName = (src: string) => `${options.publicDisplay}${src}`;
  // A picture too large or too thin is named with every other one, not just the first found.
  const sized = <T>(src: string, job: Promise<T>) =>
    job.catch((error: unknown) => {
      if (!(error instanceof PictureSizeError)) throw error;
      sizeProblems.push({ file: displayName(src), message: error.problem });
      return undefined;
    });
  const responsive: Record<string, ResponsiveImage> = {};
  const shared: Record<string, ImageFile> = {};
  // A missing image is left alone here: the link check names the page that uses it.
  const rasterJobs = rasters.map(async (src) => {
    const source = sources.get(src);
    if (!source) return;
    const result = await sized(src, responsiveImage(src, source));
    if (!result) return;
    responsive[src] = result.image;
    files.push(...result.files);
    if (result.scaledFrom) notices.push(scaledDownNotice(displayName(src), result.scaledFrom, result.image));
  });
  const shareJobs = shareSources.map(async (src) => {
    const source = sources.get(src);
    if (!source) return;
    const result = await sized(src, shareImage(src, source));
    if (!result) return;
    shared[src] = result.images[0]!;
    files.push(...result.files);
  });
  const iconJob = sized(site.brand.icon, iconImages(site.brand.icon, sources.get(site.brand.icon)!, site.brand.backgroundColor));
  const [icons] = await Promise.all([iconJob, ...rasterJobs, ...shareJobs]);
  if (!icons || sizeProblems.length > 0) throw new SiteError(sortProblems(uniqueProblems(sizeProblems)));
  files.push(...icons.files);

  // In the pictures' order, not the order their work finished in: the same data on every build.
  const inOrder = <T,>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareText(a, b)));
  return {
    images: { responsive: inOrder(responsive), share: inOrder(shared), icons: { appleTouch: icons.images[0]!, manifest: icons.images.slice(1) } },
    files: files.sort((a, b) => compareText(a.path, b.path)),
    notices: notices.sort(compareText),
  };
}

/** A picture reached through a symbolic link out of public/: named at the link, the thing to fix. */
function linkOutProblem(link: string, options: BuildImagesOptions): Problem {
  const file = `${options.publicDisplay}/${path.relative(options.publicDir, link).split(path.sep).join("/")}`;
  return { file, message: "is a symbolic link to a file outside public/; put the picture itself in public/" };
}

/** Every raster image path anywhere in some values (copy, front matter), sorted, each once. */
export function rasterImagesIn(values: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      if (RASTER.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(values);
  return [...found].sort();
}

/** A picture used both on pages and as a link preview is refused once. */
function uniqueProblems(problems: Problem[]): Problem[] {
  return [...new Map(problems.map((problem) => [`${problem.file}\n${problem.message}`, problem])).values()];
}
