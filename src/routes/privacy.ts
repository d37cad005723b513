import type { Site } from "../config/schema.ts";
import { ownLeadForm } from "../config/own-form.ts";
import type { Copy } from "../content/copy-schema.ts";
import type { ConsentDefaults, PrivacyChoicesView } from "./page-props.ts";
import type { Link } from "./page-props.ts";

/** The privacy policy's path: the footer links to it, and its page holds the opt-out control. */
export const PRIVACY_POLICY_PATH = "/privacy-policy";

/** The id of the opt-out section on the privacy policy page, where "Your Privacy Choices" goes. */
const PRIVACY_CHOICES_ID = "your-privacy-choices";

/**
 * Whether the site runs advertising tags: a tag manager is configured and not marked
 * `advertising: false`. Under the CPRA such tags may "share" visitors' data, so this decides the
 * policy's wording and the opt-out link.
 */
function runsAdvertising(site: Site): boolean {
  return site.integrations.analytics?.advertising === true;
}

/**
 * Consent Mode defaults before the visitor chooses, or nothing without a tag manager. Without
 * advertising tags the advertising signals stay denied whatever a browser has stored (unlike
 * opt-in, where the visitor's own choice grants them), so a tag added to the container later
 * cannot make the policy's "we do not share" untrue.
 */
export function consentDefaults(site: Site): ConsentDefaults | undefined {
  const analytics = site.integrations.analytics;
  if (!analytics) return undefined;
  return {
    analytics: analytics.consent.analytics === "granted",
    advertising: analytics.advertising && analytics.consent.advertising === "granted",
    advertisingTags: analytics.advertising,
  };
}

/** The facts a legal document's `::: if name` blocks may test. */
export function documentConditions(site: Site): Record<string, boolean> {
  const own = ownLeadForm(site);
  return {
    analytics: site.integrations.analytics !== undefined,
    advertising: runsAdvertising(site),
    leadForm: site.integrations.leadForm !== undefined,
    // The site's own form, and where its requests go (site.yaml's leads.delivery).
    ownForm: own !== undefined,
    ownFormServer: own?.delivery === "server",
    ownFormNetlify: own?.delivery === "netlify",
    ownFormCloudflare: own?.delivery === "cloudflare",
    // Cloudflare Turnstile on the own form (leads.turnstile): Cloudflare sees who opens it.
    ownFormTurnstile: own?.turnstile !== undefined,
  };
}

/** The footer's "Your Privacy Choices" link, only where there is something to opt out of. */
export function privacyChoicesLink(site: Site, copy: Copy): Link[] {
  return runsAdvertising(site) ? [{ label: copy.chrome.privacyChoices.link, href: `${PRIVACY_POLICY_PATH}#${PRIVACY_CHOICES_ID}` }] : [];
}

/** The opt-out section of a legal page: on the privacy policy, when advertising tags run. */
export function privacyChoicesSection(site: Site, copy: Copy, path: string): PrivacyChoicesView | undefined {
  if (path !== PRIVACY_POLICY_PATH || !runsAdvertising(site)) return undefined;
  return { id: PRIVACY_CHOICES_ID, copy: copy.chrome.privacyChoices };
}

