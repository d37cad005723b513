import { initAccordions } from "./accordion.ts";
import { loadTagManagerLater } from "./analytics.ts";
import { initCallbackRequest } from "./callback-request.ts";
import { initDistanceSort } from "./distance-sort.ts";
import { initLazyEmbeds } from "./lazy-embed.ts";
import { initMenu } from "./menu.ts";
import { logNotFound } from "./not-found.ts";
import { initPrivacyChoices } from "./privacy-choices.ts";
import { initReveal } from "./reveal.ts";
import { settings } from "./settings.ts";

// Consent defaults first: they must be the data layer's first entry, before any event or tag.
loadTagManagerLater(settings.analyticsId, settings.consent);
// Progressive enhancements over pages that already work without JavaScript; each is independent.
const dialog = document.querySelector<HTMLDialogElement>("dialog[data-callback-modal]");
if (dialog) initCallbackRequest(dialog, settings);
initMenu();
initAccordions();
initDistanceSort();
initReveal();
initLazyEmbeds();
initPrivacyChoices(settings.consent);
logNotFound();
