import path from "node:path";
import { buildImages } from "./assets/build-images.ts";
import { buildScripts } from "./assets/build-scripts.ts";
import { clientSettings, withClientSettings } from "./assets/client-settings.ts";
import { buildStyles } from "./assets/build-styles.ts";
import { buildDay } from "./build-day.ts";
import { duplicatePaths, type OutputFile } from "./assets/output-file.ts";
import { publicFiles } from "./assets/public-files.ts";
import { loadConfig } from "./config/load-config.ts";
import type { Site } from "./config/schema.ts";
import { iconsIn } from "./content/icon-names.ts";
import { licensesOn } from "./content/licenses.ts";
import { loadEditions } from "./content/load-editions.ts";
import type { LanguageSettings } from "./content/language-settings.ts";
import { convertWithCache } from "./content/markdown-cache.ts";
import { qualityWarnings } from "./content/quality.ts";
import { usesSectionStyles } from "./content/section-styles.ts";
import type { Locator } from "./config/yaml-source.ts";
import { environmentMessage } from "./environment-errors.ts";
import { SiteError, sortProblems, UserError, type Problem } from "./errors.ts";
import { hostSettingsFiles } from "./hosting/host-files.ts";
import { leadWorkerFiles } from "./leads/worker-file.ts";
import { displayPath, projectPaths } from "./paths.ts";
import type { AssetsView, PageData } from "./routes/page-props.ts";
import { builds, languagePaths, localizedPaths, withLanguages } from "./routes/languages.ts";
import { translationUnit } from "./page-kinds.ts";
import { checkPlan, planRoutes } from "./routes/plan-routes.ts";
import { ownPageLinkProblems } from "./routes/own-page-links.ts";
import { documentConditions } from "./routes/privacy.ts";
import { chromeView } from "./routes/site-views.ts";
import type { OutputFormat } from "./routes/urls.ts";
import { createLinkChecker, type LinkCheckerInit } from "./render/check-links.ts";
import { buildIconSprite } from "./render/icon-sprite.ts";
import { lucideSymbols } from "./render/lucide-symbols.ts";
import { loadTemplates } from "./render/load-templates.ts";
import type { LanguageRender } from "./render/render-batch.ts";
import { renderPages } from "./render/render-pages.ts";
import { seoContext, withSeo } from "./seo/page-seo.ts";
import { seoFiles } from "./seo/site-files.ts";
import { diskSources, type SourceFiles } from "./source-files.ts";
import { killPoint } from "./test-hooks.ts";
import { assertReplaceable, assertSafeOutDir, OUTPUT_STAMP, realFolder } from "./output-guard.ts";
import { openStaging, restoreInterruptedSwap } from "./write.ts";

function byteLength(file: OutputFile): number {
  if (typeof file.data === "string") return Buffer.byteLength(file.data);
  return "byteLength" in file.data ? file.data.byteLength : 0;
}

export interface BuildOptions {
  /** Path of site.yaml; the project is the folder around it. */
  config: string;
  /** Output folder; defaults to `dist` beside site.yaml. */
  out?: string;
  /** Replace the output folder even when it holds files a build did not write (`--empty-out-dir`). */
  emptyOutDir?: boolean;
  siteUrl?: string;
  format?: OutputFormat;
  /** Render and check everything but write nothing (`gopher-site check`). */
  write?: boolean;
  /** Called after each stage with its name and duration. */
  onStage?: (stage: string, ms: number) => void;
  /** Where site.yaml and content/ are read: the disk by default (the editor passes its unsaved files). */
  sources?: SourceFiles;
  /** Files are named in messages relative to this folder; the current one by default. */
  displayFrom?: string;
  /**
   * Runs when everything is built and checked, before the new output replaces the old: the
   * editor writes the saved files here. When it throws, the old output stays and the build fails.
   */
  beforeCommit?: () => Promise<void>;
  /** The day taken as today, yyyy-mm-dd, for site.yaml's notice; GOPHER_SITE_TODAY or the clock by default (build-day.ts). */
  today?: string;
}

export interface BuildResult {
  site: Site;
  pages: PageData[];
  outDir: string;
  /** Every file but the pages (assets, public/, generated files). */
  files: OutputFile[];
  /** Files written, pages included. */
  fileCount: number;
  /** Bytes of everything written (or that would be). */
  bytes: number;
  ms: number;
  /** Threads that rendered the pages; 0 when the main thread did (small sites). */
  renderThreads: number;
  /** Worth knowing, nothing to fix (e.g. a town without a page links to /service-areas). */
  notices: string[];
  /** Builds fine but should be fixed; `check --strict` fails on them. */
  warnings: Problem[];
}

/** The whole pipeline, in order: config, content, images, routes, assets, seo, check, render, write. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const paths = projectPaths(options.config);
  const outDir = await realFolder(options.out ?? path.join(paths.root, "dist"));
  await restoreInterruptedSwap(outDir);
  if (options.write !== false) {
    const shown = options.out ?? displayPath(options.displayFrom ?? process.cwd(), path.join(paths.root, "dist"));
    await assertSafeOutDir(outDir, { root: paths.root, sources: [paths.content, paths.public, paths.templates, paths.config, path.join(paths.root, ".git")], shown });
    await assertReplaceable(outDir, { emptyOutDir: options.emptyOutDir, shown, earlierOutput: options.out === undefined });
  }
  const stage = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const value = await run();
    options.onStage?.(name, performance.now() - t0);
    return value;
  };

  const named = (file: string) => displayPath(options.displayFrom ?? process.cwd(), file);
  const { sources } = options;
  const { site, notices } = await stage("config", () => loadConfig({ path: paths.config, displayPath: named(paths.config), sources }));
  const contentDir = named(paths.content);
  const positions = new Map<string, Locator>();
  // Where the owner wrote each language's texts: a warning or a broken link names the copy key or front matter line.
  const textSources = { contentDir: (lang: string) => (lang === site.languages[0]!.code ? contentDir : `${contentDir}/${lang}`), positions };
  const editions = await stage("content", () =>
    loadEditions({ site, contentDir: paths.content, displayDir: contentDir, sources, conditions: documentConditions(site), convert: (bodies) => convertWithCache(bodies), positions }),
  );
  const base = editions[0]!;
  const { copy } = base;
  const documents = { articles: base.articles, legal: base.legal };
  const images = await stage("images", () =>
    buildImages({
      publicDir: paths.public,
      site,
      copies: editions.map((edition) => edition.copy),
      articles: editions.flatMap((edition) => edition.articles),
      configDisplay: named(paths.config),
      publicDisplay: named(paths.public),
    }),
  );
  const siteUrl = options.siteUrl ?? site.siteUrl;
  const planned = await stage("routes", () => {
    const pages = editions.flatMap((edition) =>
        planRoutes({
          site,
          copy: edition.copy,
          articles: edition.articles,
          legal: edition.legal,
          siteUrl: options.siteUrl,
          format: options.format,
          language: edition,
          licenses: edition.licenses,
          reviewClaim: edition.facts.reviewClaim,
          cityIntros: edition.cityIntros,
          cityNames: edition.cityNames,
        }),
    );
    checkPlan(pages);
    const badLinks = ownPageLinkProblems(pages, textSources);
    if (badLinks.length > 0) throw new SiteError(sortProblems(badLinks));
    return withLanguages(pages, editions, siteUrl);
  });

  // Each language's chrome; the scripts carry its settings (the form, the toast), so each has its own.
  const day = buildDay(site, options.today);
  const chromes = editions.map((edition) =>
    chromeView(site, edition.copy, {
      locale: edition.locale,
      leadFormId: edition.leadFormId,
      footerLicenses: licensesOn(edition.licenses, "footer"),
      untranslatedNote: edition.settings.untranslated.length > 0 ? edition.settings.untranslatedNote : undefined,
      ownForm: { code: edition.code, locale: edition.locale, thankYou: languagePaths(edition, site).thankYou(), cityNames: edition.cityNames },
    }, day),
  );
  const chrome = chromes[0]!;
  const [templates, styles, compiledScripts, publicDir, lucideIcons] = await stage("assets", () =>
    Promise.all([
      loadTemplates(paths.templates, paths.root),
      buildStyles(paths.templates, paths.root, { languages: editions.length > 1, menuGroup: chromes.some((chrome) => chrome.nav.some((entry) => "links" in entry)), notice: chromes.some((chrome) => chrome.notice), pageSections: usesSectionStyles(editions.map((edition) => edition.copy)), ownForm: chrome.ownForm !== undefined, themeColor: site.brand.themeColor }),
      buildScripts(paths.templates, paths.root, { ownForm: chrome.ownForm !== undefined, turnstile: chrome.ownForm?.turnstileSiteKey !== undefined }),
      publicFiles(paths.public, named(paths.public)),
      lucideSymbols(iconsIn(editions.map((edition) => edition.copy))),
    ]),
  );
  const statics = publicDir.files;
  const leadWorker = await leadWorkerFiles(site, paths.content);
  const scriptsByLanguage = chromes.map((each) => withClientSettings(compiledScripts, clientSettings(each)));
  const scripts = scriptsByLanguage[0]!;
  const sprite = buildIconSprite(templates, lucideIcons);
  const assetsOf = (languageScripts: { src: string }): AssetsView => ({
    stylesheet: styles.href,
    scripts: [languageScripts.src],
    images: images.images.responsive,
    icons: sprite?.href,
  });
  const assets = assetsOf(scripts);
  const languages: Record<string, LanguageRender> = Object.fromEntries(
    editions.slice(1).map((edition, index) => [
      edition.code,
      { chrome: chromes[index + 1]!, assets: assetsOf(scriptsByLanguage[index + 1]!), paths: localizedPaths(planned, edition.code) },
    ]),
  );

  // Each page's share and structured data, then the search and hosting files (sitemap, robots.txt,
  // feed, web manifest, _headers, _redirects): all from the planned pages and the images stage's pictures.
  const [pages, generated] = await stage("seo", () => [
    editions.flatMap((edition) =>
      withSeo(
        planned.filter((page) => page.lang === edition.code),
        seoContext(siteInWords(site, edition.settings), edition.copy, siteUrl, images.images, {
          paths: languages[edition.code]?.paths,
          inLanguage: editions.length > 1 ? edition.locale : undefined,
          feedTitle: copy.blog.title,
        }),
      ),
    ),
    [...seoFiles({ site, copy, siteUrl, pages: planned, articles: documents.articles, images: images.images }), ...hostSettingsFiles(site)],
  ] as const);

  // Every output path is known before a page is rendered, so each page is checked as it is
  // rendered and written at once: no site, however large, is held in memory as HTML.
  const scriptFiles = [...new Map(scriptsByLanguage.flatMap((each) => each.files).map((file) => [file.path, file])).values()];
  const files: OutputFile[] = [...statics, styles.file, ...scriptFiles, ...(sprite ? [sprite.file] : []), ...images.files, ...generated, ...leadWorker];
  const links: LinkCheckerInit = {
    paths: pages.map((page) => page.path),
    files: [...files.map((file) => file.path), ...pages.map((page) => page.outFile)],
    siteUrl,
  };
  await stage("check", async () => {
    const checker = createLinkChecker(links);
    // The links the owner wrote in the articles and legal pages that are built, named at their line
    // in the file (read only when one is broken).
    const documentsRead = sources ?? diskSources;
    const built = editions.flatMap((edition) => [
      ...(builds(edition, translationUnit("article")) ? edition.articles : []),
      ...(builds(edition, translationUnit("legal")) ? edition.legal : []),
    ]);
    const written = await Promise.all(
      built.map(async ({ file, html: body }) => {
        const html = body.join("");
        if (checker.checkSource({ file, source: "", html }).length === 0) return [];
        const source = await documentsRead.readText(path.resolve(options.displayFrom ?? process.cwd(), file)).catch(() => "");
        return checker.checkSource({ file, source, html });
      }),
    );
    const problems = [
      ...duplicatePaths([{ path: OUTPUT_STAMP, data: "" }, ...files, ...pages.map((page) => ({ path: page.outFile, data: "" }))], new Set(statics.map((file) => file.path))),
      ...generated.flatMap((file) => checker.checkDocument({ path: file.path, text: String(file.data) })),
      ...written.flat(),
    ];
    if (problems.length > 0) throw new SiteError(sortProblems(problems));
  });

  const staging = options.write === false ? undefined : await openStaging(outDir).catch((error: unknown) => {
    throw asUserError(error, outDir);
  });
  if (staging) killPoint("staging");
  // The other files are written while the pages render.
  const writingFiles = staging?.write(files);
  writingFiles?.catch(() => undefined);
  let bytes = 0;
  let renderThreads = 0;
  try {
    const rendered = await stage("render", () =>
      renderPages({ pages, templates, templatesFile: templates.file, chrome, assets, languages, links, outDir: staging?.dir, reuseFrom: staging?.reuseFrom }),
    );
    if (rendered.problems.length > 0) throw new SiteError(sortProblems(rendered.problems));
    bytes += rendered.bytes;
    renderThreads = rendered.threads;
    if (staging) {
      bytes += await stage("write", async () => {
        const written = await writingFiles!;
        killPoint("commit");
        await options.beforeCommit?.();
        await staging.commit();
        return written;
      });
    } else {
      bytes += files.reduce((sum, file) => sum + byteLength(file), 0);
    }
  } catch (error) {
    // Whatever is still being written lands before the staging folder is deleted.
    await writingFiles?.catch(() => undefined);
    await staging?.discard();
    throw asUserError(error, outDir);
  }
  const warnings = sortProblems([...editions.flatMap((edition) => edition.warnings), ...qualityWarnings(pages, editions.flatMap((edition) => edition.articles), textSources)]);
  return {
    site,
    pages,
    outDir,
    files,
    fileCount: files.length + pages.length,
    bytes,
    ms: performance.now() - started,
    renderThreads,
    notices: [...notices, ...editions.flatMap((edition) => edition.notices), ...images.notices, ...publicDir.leftOut],
    warnings,
  };
}

/** site.yaml with a language's words for its texts (the company's description, the share picture's alt). */
function siteInWords(site: Site, words: Pick<LanguageSettings, "companyDescription" | "shareImageAlt">): Site {
  return {
    ...site,
    company: { ...site.company, description: words.companyDescription },
    brand: { ...site.brand, shareImageAlt: words.shareImageAlt ?? site.brand.shareImageAlt },
  };
}

/** An error of the machine (disk full, no permission) as the user's to fix, naming `outDir` when it names no file. */
function asUserError(error: unknown, outDir: string): unknown {
  const message = environmentMessage(error, outDir);
  return message === undefined ? error : new UserError(message, { cause: error });
}
