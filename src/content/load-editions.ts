import path from "node:path";
import type { Site } from "../config/schema.ts";
import { SiteError, sortProblems, type Problem } from "../errors.ts";
import { diskSources, type SourceFiles } from "../source-files.ts";
import { copyFiles, optionalCopyFiles } from "./copy-schema.ts";
import { siteFiles, type Edition, type LoadEditionsOptions } from "./edition.ts";
import { defaultLanguageSettings } from "./language-settings.ts";
import { loadCopy } from "./load-copy.ts";
import { loadDocuments } from "./load-documents.ts";
import { loadTranslation, type Gaps } from "./load-translation.ts";
import { licenseLines } from "./licenses.ts";
import { siteFacts } from "./placeholders.ts";
import { factsWithClaim } from "./review-claim.ts";
import { missingChromeWords } from "./chrome-words.ts";
import { unlistedOwnPages } from "./unlisted-own-pages.ts";


/**
 * A copy file under pages/ that is no page's (a service's copy from before services were a list):
 * named, with where it goes now, instead of being silently ignored. Nothing is moved or deleted.
 */
async function strayPageFiles(sources: SourceFiles, contentDir: string, displayDir: string): Promise<Problem[]> {
  const names = await sources.list(path.join(contentDir, "pages")).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(".yaml") && !Object.hasOwn(copyFiles, `pages/${name}`) && !Object.hasOwn(optionalCopyFiles, `pages/${name}`))
    .sort()
    .map((name) => ({
      file: `${displayDir}/pages/${name}`,
      message: `not a page of gopher-site; a service's copy is ${displayDir}/services/${name} now, with - id: ${name.slice(0, -5)} in site.yaml's services: move it there`,
    }));
}

/** Every language's content, the default first; the problems of every language at once. */
export async function loadEditions(options: LoadEditionsOptions): Promise<Edition[]> {
  const { site } = options;
  const [first, ...others] = site.languages;
  const sources = options.sources ?? diskSources;
  const facts = await factsWithClaim(site, siteFacts(site), sources, path.join(options.contentDir, "chrome.yaml"), `${options.displayDir}/chrome.yaml`);
  const warnings: Problem[] = [];
  const load = { contentDir: options.contentDir, displayDir: options.displayDir, facts, warnings, sources, positions: options.positions };
  const files = siteFiles(site);
  const folders = [["", ""], ...others.map((language) => [`/${language.code}`, `/${language.code}`])];
  const stray = (await Promise.all(folders.map(([sub, shown]) => strayPageFiles(sources, options.contentDir + sub, options.displayDir + shown)))).flat();
  if (stray.length > 0) throw new SiteError(sortProblems(stray));
  const unlisted = (await Promise.all(folders.map(([sub, shown]) => unlistedOwnPages(sources, site, options.contentDir + sub, options.displayDir + shown)))).flat();
  const [copy, { starter, ...documents }] = await Promise.all([
    loadCopy({ ...load, files }),
    loadDocuments({ ...load, convert: options.convert, conditions: options.conditions }),
  ]);
  const chromeFile = `${options.displayDir}/chrome.yaml`;
  const unworded = missingChromeWords(site, copy.chrome, chromeFile, options.positions?.get(chromeFile));
  if (unworded.length > 0) throw new SiteError(unworded);
  const base: Edition = {
    ...first!,
    isDefault: true,
    prefix: "",
    copy,
    facts,
    ...documents,
    settings: defaultLanguageSettings(site),
    leadFormId: first!.leadFormId ?? site.integrations.leadForm?.formId,
    licenses: licenseLines(site),
    cityIntros: Object.fromEntries(site.cities.map((city) => [city.slug, city.intro])),
    cityNames: {},
    warnings,
    pending: { pageTypes: [], cities: [] },
    notices: [...unlisted, ...starter],
  };
  const problems: Problem[] = [];
  const translated = await Promise.all(
    others.map((language) =>
      loadTranslation({ ...options, language, base }).catch((error: unknown) => {
        if (!(error instanceof SiteError)) throw error;
        problems.push(...error.problems);
        return undefined;
      }),
    ),
  );
  if (problems.length > 0) throw new SiteError(sortProblems(problems));
  // A language whose shared texts (home, header and footer, FAQ, 404 page) are not all translated
  // is left out whole until they are; its gaps are the default language's warnings.
  const kept = (translated as Array<Edition | Gaps>).filter((edition): edition is Edition => {
    if ("copy" in edition) return true;
    base.warnings.push(...edition.warnings);
    base.notices.push(`${edition.name} (${edition.code}) is left out: its shared texts are not all translated yet (the warnings name each one)`);
    return false;
  });
  return [base, ...kept];
}
