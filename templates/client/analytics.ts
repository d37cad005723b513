import type { ConsentDefaults } from "../../src/routes/page-props.ts";
import { setConsentDefaults } from "./consent.ts";
import { onFirstInteraction } from "./first-interaction.ts";

type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Sends an event to the tag-manager data layer and to gtag when present; never throws. */
export function track(event: string, params: Record<string, unknown> = {}): void {
  const w = window as AnalyticsWindow;
  try {
    (w.dataLayer ||= []).push({ event, ...params });
    if (typeof w.gtag === "function") w.gtag("event", event, params);
  } catch {
    // A blocker removed, froze or stubbed the globals: analytics is optional, the page is not.
  }
}

/** The `location` of `callback_modal_open`: `homepage` on `/`, else the path without its leading slash. */
export function pageLocation(path: string): string {
  return path === "/" ? "homepage" : path.replace(/^\//, "");
}

/**
 * Sets the consent defaults at once, then loads the tag-manager container at the first
 * interaction, so it never competes with the first paint and never runs before consent is known.
 */
export function loadTagManagerLater(containerId: string | undefined, consent: ConsentDefaults | undefined): void {
  if (!containerId || !consent) return;
  setConsentDefaults(consent);
  onFirstInteraction(() => {
    const w = window as AnalyticsWindow;
    try {
      (w.dataLayer ||= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
    } catch {
      return;
    }
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
    document.head.append(script);
  });
}
