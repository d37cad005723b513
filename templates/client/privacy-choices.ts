import type { ConsentDefaults } from "../../src/routes/page-props.ts";
import { advertisingAllowed, chooseAdvertising, gpcOn, storedChoice } from "./consent.ts";

/**
 * The opt-out control of the privacy policy ("Your Privacy Choices"): hidden in the HTML, where
 * the text says how to opt out without it; shown with the current state, which a change applies
 * at once and keeps for later visits. With Global Privacy Control on it stays checked and disabled.
 */
export function initPrivacyChoices(consent: ConsentDefaults | undefined): void {
  const root = document.querySelector<HTMLElement>("[data-privacy-choices]");
  const box = root?.querySelector<HTMLInputElement>("input[type=checkbox]");
  const status = root?.querySelector<HTMLElement>("[data-privacy-status]");
  if (!consent || !root || !box || !status) return;
  const gpc = gpcOn();
  const show = (allowed: boolean, chosen: boolean) => {
    box.checked = !allowed;
    box.disabled = gpc;
    status.textContent = root.dataset[statusKey(gpc, allowed, chosen)] ?? "";
  };
  const stored = storedChoice();
  show(advertisingAllowed(consent, gpc, stored), stored !== null);
  box.addEventListener("change", () => {
    chooseAdvertising(!box.checked);
    show(!box.checked, true);
  });
  root.hidden = false;
}

/** Which status the control shows: GPC first, then whether advertising is on, and whether the visitor chose that. */
export function statusKey(gpc: boolean, allowed: boolean, chosen: boolean): "gpc" | "allowed" | "optedOut" | "offByDefault" {
  if (gpc) return "gpc";
  if (allowed) return "allowed";
  return chosen ? "optedOut" : "offByDefault";
}
