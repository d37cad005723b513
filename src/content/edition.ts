import type { Site } from "../config/schema.ts";
import type { Problem } from "../errors.ts";
import type { Article, LegalPage } from "./article-schema.ts";
import { siteCopyFiles, type Copy } from "./copy-schema.ts";
import type { LanguageSettings } from "./language-settings.ts";
import type { LicenseLine } from "./licenses.ts";
import type { Facts } from "./placeholders.ts";
import type { LoadDocumentsOptions } from "./load-documents.ts";
import type { Locator } from "../config/yaml-source.ts";
import type { SourceFiles } from "../source-files.ts";
import { ownLeadForm } from "../config/own-form.ts";

/** One language's content: the default's from content/, another's from content/<code>/. */
export interface Edition {
  code: string;
  locale: string;
  name: string;
  /** True for the first language of site.yaml. */
  isDefault: boolean;
  /** "" for the default language, "/es" for Spanish. */
  prefix: string;
  copy: Copy;
  facts: Facts;
  articles: Article[];
  legal: LegalPage[];
  settings: LanguageSettings;
  /** The lead form in this language. */
  leadFormId?: string;
  /** Each licence as this language writes it ("Label #number") and where it is shown. */
  licenses: LicenseLine[];
  /** Each city page's own paragraph in this language, by the city's slug. */
  cityIntros: Record<string, string>;
  /** A town's name in this language where it differs from site.yaml's, by the city's slug. */
  cityNames: Record<string, string>;
  /** Builds fine but should be fixed (`check --strict` fails): clumsy text, translations still to write. */
  warnings: Problem[];
  /** What this language has not translated yet: those pages are built in the default language only. */
  pending: Pending;
  /** Worth knowing, nothing broken: what a language leaves out until it is translated. */
  notices: string[];
}

/** A translation's gaps: pages (kinds, or services by id) whose copy lacks something, and towns without their paragraph. */
export interface Pending {
  pageTypes: string[];
  cities: string[];
}

/** Every copy file of the site, with its schema. */
export function siteFiles(site: Site) {
  return siteCopyFiles(
    site.services.map((service) => service.id),
    { ownIds: site.pages.map((page) => page.id), priceNames: Object.keys(site.prices.items), leads: ownLeadForm(site) !== undefined },
  );
}

/** What loading the editions (and each translation) reads: the site, where its content is, and how. */
export interface LoadEditionsOptions {
  site: Site;
  contentDir: string;
  displayDir: string;
  /** Where the files are read; the disk by default. */
  sources?: SourceFiles;
  convert?: LoadDocumentsOptions["convert"];
  conditions?: LoadDocumentsOptions["conditions"];
  /** Filled with where each loaded file's keys are (length warnings name the key). */
  positions?: Map<string, Locator>;
}
