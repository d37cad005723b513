import type { ConsentDefaults } from "../../src/routes/page-props.ts";

type ConsentValue = "granted" | "denied";
type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** Where the visitor's choice about advertising is kept: "granted" or "denied". */
const CHOICE_KEY = "gopher-site:advertising";

/**
 * Whether advertising may use the visitor's data: never without advertising tags (site.yaml) or
 * with GPC; otherwise the visitor's own choice, then the site's default.
 */
export function advertisingAllowed(defaults: ConsentDefaults, gpc: boolean, stored: string | null): boolean {
  if (gpc || !defaults.advertisingTags) return false;
  return stored === "granted" || stored === "denied" ? stored === "granted" : defaults.advertising;
}

/** The four Consent Mode v2 signals. */
export function consentSignals(analytics: boolean, advertising: boolean): Record<string, ConsentValue> {
  const ads = advertising ? "granted" : "denied";
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: analytics ? "granted" : "denied" };
}

/** The browser's Global Privacy Control signal. */
export function gpcOn(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

export function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

// The tag manager reads commands only as `arguments` objects, as Google's gtag snippet pushes them;
// local, so that track() does not also send each event through it.
function gtag(..._args: unknown[]): void {
  try {
    // eslint-disable-next-line prefer-rest-params
    ((window as DataLayerWindow).dataLayer ||= []).push(arguments);
  } catch {
    // A blocker froze the data layer: no tag can run either.
  }
}

/** Sets the consent defaults; call before the container can load. */
export function setConsentDefaults(defaults: ConsentDefaults): void {
  const advertising = advertisingAllowed(defaults, gpcOn(), storedChoice());
  gtag("consent", "default", consentSignals(defaults.analytics, advertising));
  // With ad cookies denied, ad click ids are also left out of what tags send.
  gtag("set", "ads_data_redaction", !advertising);
}

/** Records the visitor's choice in this browser and applies it at once. */
export function chooseAdvertising(allowed: boolean): void {
  try {
    localStorage.setItem(CHOICE_KEY, allowed ? "granted" : "denied");
  } catch {
    // Storage blocked: the choice still applies to this page.
  }
  // Global Privacy Control outranks any choice made on the page.
  const { ad_storage, ad_user_data, ad_personalization } = consentSignals(true, allowed && !gpcOn());
  gtag("consent", "update", { ad_storage, ad_user_data, ad_personalization });
  gtag("set", "ads_data_redaction", ad_storage === "denied");
}
