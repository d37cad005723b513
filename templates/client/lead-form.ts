import { pageLocation, track } from "./analytics.ts";
import { initModal } from "./modal.ts";
import { showToast } from "./toast.ts";

/** The query the server sends a refused request without JavaScript back with (src/leads/). */
const REFUSED = "lead";

/** What another enhancement of the form (client/turnstile.ts) is told, and may refuse a send with. */
export interface LeadFormHooks {
  onOpen?: () => void;
  /** False: the request is not sent yet, and the line above the form says so. */
  ready?: () => boolean;
  afterSend?: () => void;
}

/**
 * The site's own call-back form (templates/sections/lead-form.tsx), sent in place: required
 * fields checked first, then a POST asking for JSON. 200: the toast and `callback_request_success`,
 * as the provider's form gives; 422: each error next to its field; anything else: a line above the
 * form. Each opening tracks `callback_modal_open`. Without this script the form posts as a page.
 */
export function initLeadForm(dialog: HTMLDialogElement, toast: string, hooks: LeadFormHooks = {}): void {
  const form = dialog.querySelector<HTMLFormElement>("form[data-lead-form]");
  const alert = dialog.querySelector<HTMLElement>("[data-lead-alert]");
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  if (!form || !alert) return;
  form.noValidate = true;
  // A town's page chooses its town in the form, a service's its service (the page's field says which).
  const here = document.querySelector<HTMLInputElement>('input[name="page"]')?.dataset ?? {};
  for (const name of ["town", "service"]) {
    const select = form.elements.namedItem(name) as HTMLSelectElement | null;
    if (select && !select.value && here[name]) select.value = here[name];
  }
  const refused = new URLSearchParams(location.search).get(REFUSED) === "invalid";
  // serve sends the page itself back, its form refilled, at the form's address (src/leads/refill-form.ts).
  const page = dialog.hasAttribute("data-lead-refused") && document.querySelector<HTMLInputElement>('input[name="page"]')?.value;
  // The modal opens for an address naming it: a refused request comes back to the form.
  if (refused) history.replaceState(null, "", `${location.pathname}${withoutRefused(location.search)}#${dialog.id}`);
  else if (page) history.replaceState(null, "", `${page}#${dialog.id}`);
  const modal = initModal(dialog, {
    onOpen: () => {
      track("callback_modal_open", { location: pageLocation(location.pathname) });
      hooks.onOpen?.();
    },
  });
  if (refused) alert.textContent = alert.dataset.invalid ?? "";

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
        track("callback_request_success");
        if (region) showToast(region, toast);
        modal.close();
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

/** The query without the refused-request marker. */
function withoutRefused(search: string): string {
  const query = new URLSearchParams(search);
  query.delete(REFUSED);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}
