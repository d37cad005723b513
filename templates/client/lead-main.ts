import "./main.ts";
import { initLeadForm } from "./lead-form.ts";
import { settings } from "./settings.ts";

// A site with its own call-back form (site.yaml's leads) loads this bundle instead of main.ts alone:
// a site with a provider's form, or none, carries none of this code.
const dialog = document.querySelector<HTMLDialogElement>("dialog[data-lead-modal]");
if (dialog) initLeadForm(dialog, settings.toast);
