import type { SiteInput } from "../../config/schema.ts";
import type { LanguageSettings } from "../../content/language-settings.ts";
import { languagePaths, type LanguagePaths, type SiteAddresses } from "../../routes/languages.ts";
import type { EditedFile } from "./api.ts";

/** One language of the site as the editor shows it: its folder, what it leaves out, its addresses. */
export interface SiteLanguage {
  code: string;
  name: string;
  isDefault: boolean;
  /** `content/` for the default language, `content/<code>/` for another. */
  folder: string;
  /** Page types its language.yaml leaves in the default language on purpose (`blog`, `legal`…). */
  untranslated: string[];
  /** Its pages' addresses, planned by the build's own function from site.yaml and its language.yaml. */
  paths: LanguagePaths;
}

/** The addresses' part of site.yaml; `/{city}` is its schema's default for a file without cityPath. */
function addresses(site: SiteInput | undefined): SiteAddresses {
  return { cityPath: site?.cityPath ?? "/{city}", services: Array.isArray(site?.services) ? site.services : [] } as SiteAddresses;
}

/** The default language's addresses, from site.yaml as the editor read it. */
export function defaultLanguagePaths(site: EditedFile | undefined): LanguagePaths {
  return languagePaths({ prefix: "", settings: { slugs: {} } as LanguageSettings }, addresses(site?.data as SiteInput | undefined));
}

/** The site's languages, the default first, from site.yaml and each other language's language.yaml. */
export function siteLanguages(files: Record<string, EditedFile>): SiteLanguage[] {
  const site = files["site.yaml"]?.data as SiteInput | undefined;
  // site.yaml's schema default: a site that names no languages is in English.
  const languages = site?.languages?.length ? site.languages : [{ code: "en", name: "English" }];
  return languages.map(({ code, name }, index) => {
    const isDefault = index === 0;
    const settings = (isDefault ? {} : (files[`content/${code}/language.yaml`]?.data ?? {})) as Partial<LanguageSettings>;
    const prefix = isDefault ? "" : `/${code}`;
    return {
      code,
      name,
      isDefault,
      folder: isDefault ? "content/" : `content/${code}/`,
      untranslated: settings.untranslated ?? [],
      paths: languagePaths({ prefix, settings: { slugs: settings.slugs ?? {} } as LanguageSettings }, addresses(site)),
    };
  });
}
