import "./main.ts";
import { initLeadForm } from "./lead-form.ts";
import { settings } from "./settings.ts";
import { turnstileHooks } from "./turnstile.ts";

// A site whose own form has Cloudflare Turnstile (site.yaml's leads.turnstile) loads this bundle
// instead of lead-main.ts: a site without it carries none of this code.
const dialog = document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]");
const place = dialog?.querySelector<HTMLElement>("[data-turnstile]");
if (dialog) initLeadForm(dialog, settings.toast, place ? turnstileHooks(place) : {});
