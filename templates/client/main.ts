import { initAccordions } from "./accordion.ts";
import { loadTagManagerLater } from "./analytics.ts";
import { initCallbackRequest } from "./callback-request.ts";
import { initDistanceSort } from "./distance-sort.ts";
import { initLazyEmbeds } from "./lazy-embed.ts";
import { initLeadModal } from "./lead-modal.ts";
import { initMenu } from "./menu.ts";
import { logNotFound } from "./not-found.ts";
import { initPrivacyChoices } from "./privacy-choices.ts";
import { initReveal } from "./reveal.ts";
import { settings } from "./settings.ts";

// Set by the build for each bundle (src/assets/build-scripts.ts): the site's call-back form, and
// which page's enhancements the bundle adds. Each page loads the one bundle its template names
// (templates/page-bundle.ts), so no page carries the code of what it does not have, and a site
// with a provider's form, its own or none carries none of the others' code.
declare const SITE_FORM: "provider" | "own" | "own-turnstile";
declare const PAGE_BUNDLE: "plain" | "sections" | "privacy" | "not-found";

// Consent defaults first: they must be the data layer's first entry, before any event or tag.
loadTagManagerLater(settings.analyticsId, settings.consent);
// Progressive enhancements over pages that already work without JavaScript; each is independent.
if (SITE_FORM === "provider") {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-callback-modal]");
  // The toast's import() here, in the provider's branch only (see the own form's, below).
  if (dialog) initCallbackRequest(dialog, settings, () => import("./toast.ts"));
} else {
  // The modal with the page; the form's own script (and Turnstile's) when the visitor acts (lead-modal.ts).
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]");
  // The import() is here, in the branch the build keeps for the own form only: esbuild makes a chunk
  // for each import() it meets (not those of a branch the defines leave out), and a module that both
  // a bundle and a chunk import becomes a shared chunk that every page loads.
  if (dialog) initLeadModal(dialog, settings.toast, () => import("./lead-form.ts"));
}
initMenu();
initReveal();
// A page's content sections: lists of places, embedded widgets and maps, questions and answers.
if (PAGE_BUNDLE === "sections") {
  initAccordions();
  initDistanceSort(() => import("./distance.ts"));
  initLazyEmbeds();
}
if (PAGE_BUNDLE === "privacy") initPrivacyChoices(settings.consent);
if (PAGE_BUNDLE === "not-found") logNotFound();
