import type { Site } from "../config/schema.ts";
import { ownLeadForm } from "../config/own-form.ts";
import { townLabels, townPlace } from "../config/town-place.ts";
import type { Copy } from "../content/copy-schema.ts";
import type { OwnFormView } from "./page-props.ts";

/** Where the form posts, for the server (gopher-site serve) and the Cloudflare worker alike. */
export const LEAD_ENDPOINT = "/api/lead";

/** What the form needs of its language: its code, its thank-you page and its names of the towns. */
export interface OwnFormLanguage {
  code: string;
  locale: string;
  thankYou: string;
  cityNames?: Record<string, string>;
}

/**
 * The site's own call-back form in one language, when site.yaml's leads turns it on: the towns (by
 * the name site.yaml gives them, in this language's words, in its alphabetical order) and the services
 * (by id, in their copy's names) to choose from. Netlify Forms takes the post itself and shows the
 * thank-you page it is given as the form's action.
 */
export function ownFormView(site: Site, copy: Copy, language: OwnFormLanguage): OwnFormView | undefined {
  const leads = ownLeadForm(site);
  const words = copy.chrome.leadForm;
  if (!leads || !words) return undefined;
  const collator = new Intl.Collator(language.locale);
  // Two towns of one name are told apart by their state, in the value sent as in the label shown.
  const labels = townLabels(site);
  const towns = site.cities
    .map((city) => {
      const value = labels.get(city.slug) ?? city.name;
      const name = language.cityNames?.[city.slug] ?? city.name;
      return { value, label: value === city.name ? name : townPlace(site, { name, region: city.region }) };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
  const netlify = leads.delivery === "netlify";
  return {
    action: netlify ? language.thankYou : LEAD_ENDPOINT,
    netlify,
    lang: language.code,
    thanks: language.thankYou,
    towns,
    services: site.services.map((service) => ({ value: service.id, label: copy.services[service.id]?.name ?? service.id })),
    words,
    ...(leads.turnstile ? { turnstileSiteKey: leads.turnstile.siteKey } : {}),
  };
}

