import { showToast } from "./toast.ts";
import type { LeadFormHooks } from "./lead-form-hooks.ts";
import { turnstileHooks } from "./turnstile.ts";

// Set by the build (src/assets/build-scripts.ts): with Cloudflare Turnstile on the form, its widget.
declare const SITE_FORM: "provider" | "own" | "own-turnstile";

/** What another enhancement of the form (client/turnstile.ts) is told, and may refuse a send with. */

/**
 * What the page's script (client/lead-modal.ts) gives the form's: passed, not imported, so that
 * this file, imported on use, shares no module with the page's bundle (which would make a third
 * file every page loads).
 */
export interface LeadFormContext {
  toast: string;
  track: (event: string, params?: Record<string, unknown>) => void;
  close: () => void;
}

/**
 * The site's own call-back form (templates/sections/lead-form.tsx), sent in place: required
 * fields checked first, then a POST asking for JSON. 200: the toast and `callback_request_success`,
 * as the provider's form gives; 422: each error next to its field; anything else: a line above the
 * form. Imported on use by client/lead-modal.ts; until it has run the form posts as a page.
 * Returns what to do at each opening of the modal (Turnstile's widget), if anything.
 */
export function initLeadForm(form: HTMLFormElement, alert: HTMLElement, context: LeadFormContext): (() => void) | undefined {
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  const place = form.querySelector<HTMLElement>("[data-turnstile]");
  const hooks: LeadFormHooks = SITE_FORM === "own-turnstile" && place ? turnstileHooks(place) : {};
  form.noValidate = true;

  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    const missing = [...form.querySelectorAll<HTMLInputElement>("[required]")].filter((field) => !field.value.trim());
    showErrors(form, Object.fromEntries(missing.map((field) => [field.name, form.dataset.required ?? ""])));
    alert.textContent = "";
    if (missing.length > 0) return;
    if (hooks.ready && !hooks.ready()) {
      alert.textContent = alert.dataset.failed ?? "";
      return;
    }
    sending = true;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      });
      if (response.ok) {
        form.reset();
        context.track("callback_request_success");
        if (region) showToast(region, context.toast);
        context.close();
        return;
      }
      const errors = response.status === 422 ? ((await response.json().catch(() => ({}))) as { errors?: Record<string, string> }).errors : undefined;
      // An answer naming no field of the form still says something went wrong.
      if (!errors || !showErrors(form, errors)) alert.textContent = alert.dataset.failed ?? "";
    } catch {
      alert.textContent = alert.dataset.failed ?? "";
    } finally {
      sending = false;
      hooks.afterSend?.();
    }
  });
  return hooks.onOpen;
}

/** Puts each message next to its field (marked invalid, described by it) and clears the others; focuses the first, if any. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>): boolean {
  let first: HTMLElement | undefined;
  for (const slot of form.querySelectorAll<HTMLElement>("[data-field-error]")) {
    const field = form.elements.namedItem(slot.dataset.fieldError!) as HTMLElement | null;
    const message = errors[slot.dataset.fieldError!] ?? "";
    slot.textContent = message;
    if (!field) continue;
    if (message) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", slot.id);
      first ??= field;
    } else {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    }
  }
  first?.focus();
  return first !== undefined;
}
