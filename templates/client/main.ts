import { initAccordions } from "./accordion.ts";
import { loadTagManagerLater } from "./analytics.ts";
import { initCallbackRequest } from "./callback-request.ts";
import { initDistanceSort } from "./distance-sort.ts";
import { initLazyEmbeds } from "./lazy-embed.ts";
import { logNotFound } from "./not-found.ts";
import { initReveal } from "./reveal.ts";

// Progressive enhancements over pages that already work without JavaScript; each is independent.
const dialog = document.querySelector<HTMLDialogElement>("dialog[data-callback-modal]");
if (dialog) initCallbackRequest(dialog);
initAccordions();
initDistanceSort();
initReveal();
initLazyEmbeds();
loadTagManagerLater(document.body.dataset.analyticsId);
logNotFound();
