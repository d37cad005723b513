import { buildImages } from "../assets/build-images.ts";
import { buildScripts } from "../assets/build-scripts.ts";
import { clientSettings, withClientSettings } from "../assets/client-settings.ts";
import { buildStyles } from "../assets/build-styles.ts";
import { buildDay, siteOnDay } from "../content/build-day.ts";
import type { OutputFile } from "../assets/output-file.ts";
import { publicFiles } from "../assets/public-files.ts";
import { loadConfig } from "../config/load-config.ts";
import type { Site } from "../config/schema.ts";
import type { Locator } from "../config/yaml-source.ts";
import { iconsIn } from "../content/icon-names.ts";
import { licensesOn } from "../content/licenses.ts";
import type { Edition } from "../content/edition.ts";
import { loadEditions } from "../content/load-editions.ts";
import type { LanguageSettings } from "../content/language-settings.ts";
import { convertWithCache } from "../content/markdown-cache.ts";
import { qualityWarnings, type TextSources } from "../content/quality.ts";
import { usesSectionStyles } from "../content/section-styles.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { hostSettingsFiles } from "../hosting/host-files.ts";
import { leadWorkerFiles } from "../leads/worker-file.ts";
import { displayPath, type ProjectPaths } from "../paths.ts";
import type { AssetsView, ChromeView, PageData, PlannedPage } from "../routes/page-props.ts";
import { settingsOf, townListInputs, townPageReuse, type PlanMemo } from "./plan-memo.ts";
import { languagePaths, localizedPaths, withLanguages } from "../routes/languages.ts";
import { checkPlan, planRoutes } from "../routes/plan-routes.ts";
import { ownPageLinkProblems } from "../routes/own-page-links.ts";
import { documentConditions } from "../routes/privacy.ts";
import { chromeView } from "../routes/site-views.ts";
import type { OutputFormat } from "../routes/urls.ts";
import type { LinkCheckerInit } from "../render/check-links.ts";
import { buildIconSprite } from "../render/icon-sprite.ts";
import { lucideSymbols } from "../render/lucide-symbols.ts";
import { loadTemplates, type Templates } from "../render/load-templates.ts";
import type { LanguageRender } from "../render/render-batch.ts";
import { seoContext, withSeo } from "../seo/page-seo.ts";
import { seoFiles } from "../seo/site-files.ts";
import type { SourceFiles } from "../source-files.ts";
import { versionFile, type SiteVersion } from "./site-version.ts";

/** What the stages before rendering need to know of a build. */
export interface PlanOptions {
  paths: ProjectPaths;
  siteUrl?: string;
  format?: OutputFormat;
  /** Where site.yaml and content/ are read: the disk by default. */
  sources?: SourceFiles;
  /** Names a file in messages. */
  named: (file: string) => string;
  /** The day taken as today, yyyy-mm-dd (build-day.ts). */
  today?: string;
  /** Times one stage. */
  stage: <T>(name: string, run: () => Promise<T> | T) => Promise<T>;
  /** A dev server's memory of its last build (plan-memo.ts): what did not change is not made again. */
  memo?: PlanMemo;
  /** The git version the site's files are, asked beside the stages (src/publish/site-version.ts): written to /.well-known/gopher-site.json when there is one. */
  version?: Promise<SiteVersion | undefined>;
}

/** One language of the site, made once: its texts, its chrome, its scripts (they carry its settings) and what its pages refer to. */
export interface LanguageBuild {
  edition: Edition;
  chrome: ChromeView;
  assets: AssetsView;
  /** The language's script files (the same code, its own settings). */
  scriptFiles: readonly OutputFile[];
  /** Its addresses for the default language's paths; none for the default language. */
  paths?: ReadonlyMap<string, string>;
}

/** Everything a build knows before it renders a page: every page's data, every other file, every check's input. */
export interface SitePlan {
  site: Site;
  siteUrl: string;
  /** The default language first, as in site.yaml. */
  languages: LanguageBuild[];
  /** Every page, in every language, with its head (SEO) filled in. */
  pages: PageData[];
  templates: Templates & { file: string; fingerprint: string };
  /** Every file but the pages: public/, the stylesheet, scripts, icons, images, generated and hosting files. */
  files: OutputFile[];
  /** The files copied from public/ (a clash with a generated file names the public one). */
  statics: readonly OutputFile[];
  /** The generated text files (sitemap, feed, manifest, _headers...), whose links are checked. */
  generated: readonly OutputFile[];
  /** Every path and file the output will hold, for the link check. */
  links: LinkCheckerInit;
  /** Where each language's texts were written, for problems in them. */
  textSources: TextSources;
  notices: string[];
  /** Builds fine but should be fixed; `check --strict` fails on them. */
  warnings: Problem[];
}

/** The stages before rendering, in order: config, content, images, routes, assets, seo. */
export async function planSite(options: PlanOptions): Promise<SitePlan> {
  const { paths, sources, named, stage, memo } = options;
  memo?.begin();
  const { site: given, notices } = await stage("config", () => loadConfig({ path: paths.config, displayPath: named(paths.config), sources, memo: memo?.config }));
  // The site as it is on the build's day: own pages past their last day and special hours passed left out.
  const day = buildDay(given, options.today);
  const { site, ended } = siteOnDay(given, day);
  const contentDir = named(paths.content);
  const positions = new Map<string, Locator>();
  // Where the owner wrote each language's texts: a warning or a broken link names the copy key or front matter line.
  const textSources: TextSources = { contentDir: (lang: string) => (lang === site.languages[0]!.code ? contentDir : `${contentDir}/${lang}`), positions };
  const editions = await stage("content", () =>
    loadEditions({ site: given, contentDir: paths.content, displayDir: contentDir, sources, conditions: documentConditions(site), convert: (bodies) => convertWithCache(bodies), positions }),
  );
  const base = editions[0]!;
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
        reuseCity: memo && townPageReuse(memo, site, edition, options),
        reuseTownList: memo && ((make) => memo.made(`${edition.code} towns by distance`, townListInputs(memo, site, edition), make)),
      }),
    );
    checkPlan(pages);
    const badLinks = ownPageLinkProblems(pages, textSources);
    if (badLinks.length > 0) throw new SiteError(sortProblems(badLinks));
    return withLanguages(pages, editions, siteUrl);
  });

  const chromes = editions.map((edition) =>
    chromeView(site, edition.copy, {
      locale: edition.locale,
      leadFormId: edition.leadFormId,
      footerLicenses: licensesOn(edition.licenses, "footer"),
      untranslatedNote: edition.settings.untranslated.length > 0 ? edition.settings.untranslatedNote : undefined,
      ...(edition.isDefault
        ? {}
        : { leftInDefault: { code: editions[0]!.code, ids: new Set(edition.settings.untranslated), named: new Set(Object.keys(edition.settings.names).filter((id) => edition.settings.names[id])) } }),
      ownForm: { code: edition.code, locale: edition.locale, thankYou: languagePaths(edition, site).thankYou(), cityNames: edition.cityNames },
    }, day),
  );
  const ownForm = chromes[0]!.ownForm;
  const [templates, styles, compiledScripts, publicDir, lucideIcons, leadWorker] = await stage("assets", () =>
    Promise.all([
      loadTemplates(paths.templates, paths.root),
      buildStyles(paths.templates, paths.root, {
        languages: editions.length > 1,
        menuGroup: chromes.some((chrome) => chrome.nav.some((entry) => "links" in entry)),
        notice: chromes.some((chrome) => chrome.notice),
        pageSections: usesSectionStyles(editions.map((edition) => edition.copy)),
        copies: editions.map((edition) => edition.copy),
        ownForm: ownForm !== undefined,
        themeColor: site.brand.themeColor,
      }),
      buildScripts(paths.templates, paths.root, { ownForm: ownForm !== undefined, turnstile: ownForm?.turnstileSiteKey !== undefined }),
      publicFiles(paths.public, named(paths.public)),
      lucideSymbols(iconsIn(editions.map((edition) => edition.copy))),
      leadWorkerFiles(site, paths.content, Object.fromEntries(editions.map((edition) => [edition.code, { home: languagePaths(edition, site).home(), thankYou: languagePaths(edition, site).thankYou() }]))),
    ]),
  );
  const sprite = buildIconSprite(templates, lucideIcons);
  const languages: LanguageBuild[] = editions.map((edition, index) => {
    const chrome = chromes[index]!;
    const scripts = withClientSettings(compiledScripts, clientSettings(chrome));
    return {
      edition,
      chrome,
      assets: { stylesheet: styles.href, pageStylesheets: styles.pages, scripts: [scripts.src], pageScripts: scripts.bundles, images: images.images.responsive, icons: sprite?.href },
      scriptFiles: scripts.files,
      paths: edition.isDefault ? undefined : localizedPaths(planned, edition.code),
    };
  });

  const version = await options.version;
  // Each page's share and structured data, then the search and hosting files (sitemap, robots.txt,
  // feed, web manifest, _headers, _redirects): all from the planned pages and the images stage's pictures.
  const [pages, generated] = await stage("seo", () => [
    languages.flatMap(({ edition, paths: localized }) => {
      const inLanguage = editions.length > 1 ? edition.locale : undefined;
      const context = seoContext(siteInWords(site, edition.settings), edition.copy, siteUrl, images.images, { paths: localized, inLanguage, feedTitle: base.copy.blog.title });
      // A town's head is made from its planned page and what every page's head is made from.
      const shared = memo?.list(`head ${edition.code}`, [...settingsOf(site), memo.same(`copy ${edition.code}`, edition.copy), memo.same(`language ${edition.code}`, edition.settings), siteUrl, memo.same("images", images.images), memo.same(`paths ${edition.code}`, localized), inLanguage, base.copy.blog.title]);
      const reuse = shared && ((page: PlannedPage, make: () => PageData) => (page.template === "city" ? memo!.made(`${edition.code} head ${page.outFile}`, [shared, page], make) : make()));
      return withSeo(planned.filter((page) => page.lang === edition.code), context, reuse);
    }),
    [...seoFiles({ site, copy: base.copy, siteUrl, pages: planned, articles: base.articles, images: images.images }), ...hostSettingsFiles(site, { version: version !== undefined })],
  ] as const);

  memo?.end();
  const statics = publicDir.files;
  const scriptFiles = [...new Map(languages.flatMap((language) => language.scriptFiles).map((file) => [file.path, file])).values()];
  const files: OutputFile[] = [...statics, ...styles.files, ...scriptFiles, ...(sprite ? [sprite.file] : []), ...images.files, ...generated, ...leadWorker, ...(version ? [versionFile(version)] : [])];
  return {
    site,
    siteUrl,
    languages,
    pages,
    templates,
    files,
    statics,
    generated,
    links: {
      paths: pages.map((page) => page.path),
      files: [...files.map((file) => file.path), ...pages.map((page) => page.outFile)],
      siteUrl,
      ended: new Map(given.pages.filter((page) => page.until !== undefined && !site.pages.includes(page)).map((page) => [page.path, page.until!])),
    },
    textSources,
    notices: [...notices, ...ended, ...editions.flatMap((edition) => edition.notices), ...images.notices, ...publicDir.leftOut],
    warnings: sortProblems([...editions.flatMap((edition) => edition.warnings), ...qualityWarnings(pages, editions.flatMap((edition) => edition.articles), textSources)]),
  };
}

/** What the renderer needs of the languages: the default's chrome and assets, the others' by code. */
export function renderLanguages(plan: Pick<SitePlan, "languages">): { chrome: ChromeView; assets: AssetsView; languages: Record<string, LanguageRender> } {
  const [first, ...others] = plan.languages;
  return {
    chrome: first!.chrome,
    assets: first!.assets,
    languages: Object.fromEntries(others.map((language) => [language.edition.code, { chrome: language.chrome, assets: language.assets, paths: language.paths! }])),
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

/** The display name of a file relative to where messages are read from. */
export function namer(displayFrom: string | undefined): (file: string) => string {
  return (file) => displayPath(displayFrom ?? process.cwd(), file);
}
