import path from "node:path";
import { buildImages } from "./assets/build-images.ts";
import { buildScripts } from "./assets/build-scripts.ts";
import { buildStyles } from "./assets/build-styles.ts";
import { duplicatePaths, type OutputFile } from "./assets/output-file.ts";
import { publicFiles } from "./assets/public-files.ts";
import { loadConfig } from "./config/load-config.ts";
import type { Site } from "./config/schema.ts";
import { loadCopy } from "./content/load-copy.ts";
import { loadDocuments } from "./content/load-documents.ts";
import { siteFacts } from "./content/placeholders.ts";
import { qualityWarnings } from "./content/quality.ts";
import { SiteError, type Problem } from "./errors.ts";
import { headersFile, hostingHeaders } from "./hosting/headers-file.ts";
import { displayPath, projectPaths } from "./paths.ts";
import type { AssetsView, PageData } from "./routes/page-props.ts";
import { planRoutes } from "./routes/plan-routes.ts";
import { chromeView } from "./routes/site-views.ts";
import type { OutputFormat } from "./routes/urls.ts";
import { checkLinks, type RenderedPage } from "./render/check-links.ts";
import { loadTemplates } from "./render/load-templates.ts";
import { renderPage } from "./render/render-page.ts";
import { seoFiles } from "./seo/site-files.ts";
import { writeOutput } from "./write.ts";

export interface BuildOptions {
  /** Path of site.yaml; the project is the folder around it. */
  config: string;
  /** Output folder; defaults to `dist` beside site.yaml. */
  out?: string;
  siteUrl?: string;
  format?: OutputFormat;
  /** Render and check everything but write nothing (`gopher-site check`). */
  write?: boolean;
  /** Extra script for every page (the dev server's live-reload client). */
  devScript?: string;
  /** Called after each stage with its name and duration. */
  onStage?: (stage: string, ms: number) => void;
}

export interface BuildResult {
  site: Site;
  pages: PageData[];
  outDir: string;
  files: OutputFile[];
  /** Bytes of everything written (or that would be). */
  bytes: number;
  ms: number;
  /** Worth knowing, nothing to fix (e.g. a town without a page links to /service-areas). */
  notices: string[];
  /** Builds fine but should be fixed; `check --strict` fails on them. */
  warnings: Problem[];
}

/** The whole pipeline, in order: config, content, images, routes, assets, render, seo, check, write. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const paths = projectPaths(options.config);
  const outDir = path.resolve(options.out ?? path.join(paths.root, "dist"));
  const stage = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    options.onStage?.(name, performance.now() - t0);
    return value;
  };

  const { site, notices } = await stage("config", () =>
    loadConfig({ path: paths.config, displayPath: displayPath(process.cwd(), paths.config) }),
  );
  const facts = siteFacts(site);
  const contentDisplay = displayPath(process.cwd(), paths.content);
  const [copy, documents] = await stage("content", () =>
    Promise.all([
      loadCopy({ contentDir: paths.content, displayDir: contentDisplay, facts }),
      loadDocuments({ contentDir: paths.content, displayDir: contentDisplay, facts }),
    ]),
  );
  // Images before routes: every page's head names its share picture and the icons.
  const images = await stage("images", () =>
    buildImages({ publicDir: paths.public, site, copy, articles: documents.articles, configDisplay: displayPath(process.cwd(), paths.config) }),
  );
  const pages = await stage("routes", () =>
    planRoutes({ site, copy, ...documents, siteUrl: options.siteUrl, format: options.format, images: images.images }),
  );

  const [templates, styles, scripts, statics] = await stage("assets", () =>
    Promise.all([
      loadTemplates(paths.templates, paths.root),
      buildStyles(paths.templates, paths.root),
      buildScripts(paths.templates, paths.root),
      publicFiles(paths.public),
    ]),
  );
  const assets: AssetsView = { stylesheet: styles.href, scripts: [scripts.src], devScript: options.devScript, images: images.images.responsive };

  const chrome = chromeView(site, copy);
  const rendered: RenderedPage[] = await stage("render", () =>
    pages.map((page) => ({ path: page.path, outFile: page.outFile, html: renderPage(templates, page, chrome, assets) })),
  );

  // --- search and hosting files (sitemap, robots.txt, feed, web manifest, _headers) ---
  const siteUrl = options.siteUrl ?? site.siteUrl;
  const generated = await stage("seo", () => [
    ...seoFiles({ site, copy, siteUrl, pages, articles: documents.articles, images: images.images }),
    { path: "_headers", data: headersFile(hostingHeaders(site)) },
  ]);
  // --- end of search and hosting files ---

  const files: OutputFile[] = [
    ...statics,
    styles.file,
    ...scripts.files,
    ...images.files,
    ...generated,
    ...rendered.map((page) => ({ path: page.outFile, data: page.html })),
  ];
  await stage("check", () => {
    const texts = generated.map((file) => ({ path: file.path, text: String(file.data) }));
    const problems = [
      ...duplicatePaths(files, new Set(statics.map((file) => file.path))),
      ...checkLinks(rendered, new Set(files.map((file) => file.path)), { siteUrl, documents: texts }),
    ];
    if (problems.length > 0) throw new SiteError(problems);
  });

  let bytes = files.reduce((sum, file) => sum + (typeof file.data === "string" ? Buffer.byteLength(file.data) : "byteLength" in file.data ? file.data.byteLength : 0), 0);
  if (options.write !== false) {
    const written = await stage("write", () => writeOutput({ outDir, files }));
    bytes = written.bytes;
  }
  const warnings = qualityWarnings(pages, documents.articles);
  return { site, pages, outDir, files, bytes, ms: performance.now() - started, notices, warnings };
}
