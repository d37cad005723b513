import type { ConsentDefaults } from "../../src/assets/client-settings.ts";
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
  const show = (allowed: boolean) => {
    box.checked = !allowed;
    box.disabled = gpc;
    status.textContent = root.dataset[gpc ? "gpc" : allowed ? "allowed" : "optedOut"] ?? "";
  };
  show(advertisingAllowed(consent, gpc, storedChoice()));
  box.addEventListener("change", () => {
    chooseAdvertising(!box.checked);
    show(!box.checked);
  });
  root.hidden = false;
}
