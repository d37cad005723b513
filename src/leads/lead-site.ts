import path from "node:path";
import type { Site } from "../config/schema.ts";
import { loadEditions } from "../content/load-editions.ts";
import { projectPaths } from "../paths.ts";
import { languagePaths } from "../routes/languages.ts";
import { documentConditions } from "../routes/privacy.ts";
import type { LeadWording } from "./email.ts";
import type { LanguagePages } from "./lead-pages.ts";

/** What `serve` needs of the site's content to answer and describe a lead: each language's pages, its services' names. */
export interface LeadSite {
  languages: LanguagePages;
  wording: LeadWording;
}

/** Reads each language's home and thank-you page and its names of the services, as the build does. */
export async function readLeadSite(site: Site, config: string): Promise<LeadSite> {
  const paths = projectPaths(config);
  const editions = await loadEditions({ site, contentDir: paths.content, displayDir: path.join(path.dirname(config), "content"), conditions: documentConditions(site) });
  const languages: LanguagePages = {};
  const serviceNames = new Map<string, Record<string, string>>();
  for (const edition of editions) {
    const pages = languagePaths(edition, site);
    languages[edition.code] = { home: pages.home(), thankYou: pages.thankYou() };
    serviceNames.set(edition.code, Object.fromEntries(Object.entries(edition.copy.services).map(([id, copy]) => [id, copy.name])));
  }
  const first = editions[0]?.code ?? "en";
  const siteUrl = site.siteUrl.replace(/\/+$/, "");
  return {
    languages,
    wording: {
      serviceName: (lang, id) => {
        const names = serviceNames.get(lang) ?? serviceNames.get(first) ?? {};
        return Object.hasOwn(names, id) ? names[id]! : id;
      },
      pageUrl: (pagePath) => `${siteUrl}${pagePath.startsWith("/") ? pagePath : `/${pagePath}`}`,
    },
  };
}
