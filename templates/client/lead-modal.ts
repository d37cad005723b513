import { pageLocation, track } from "./analytics.ts";
import type { initLeadForm } from "./lead-form.ts";
import { initModal } from "./modal.ts";

/** The query the server sends a refused request without JavaScript back with (src/leads/). */
const REFUSED = "lead";
/** How long a request sent before the form's script has run waits for it. */
const SCRIPT_WAIT_MS = 3000;

/**
 * The site's own call-back form's modal (templates/sections/lead-form.tsx), with the page: it opens
 * and closes the dialog, tracks `callback_modal_open`, chooses the page's town or service in the
 * form and opens it again for a request that came back refused. What sends the form in place
 * (client/lead-form.ts: checks, a POST asking for JSON, the toast; Turnstile's widget) is imported
 * on use (`script`: main.ts's import()): at the first sign the visitor means to open it (a press on, or focus of, a call-back
 * button) or its opening, so it arrives while they fill it in. A request sent before it has run
 * waits for it; without JavaScript the form posts as a page and the server answers with the
 * thank-you page.
 */
export function initLeadModal(dialog: HTMLDialogElement, toast: string, script: () => Promise<{ initLeadForm: typeof initLeadForm }>): void {
  const form = dialog.querySelector<HTMLFormElement>("form[data-lead-form]");
  const alert = dialog.querySelector<HTMLElement>("[data-lead-alert]");
  if (!form || !alert) return;
  // A town's page chooses its town in the form, a service's its service (the page's field says which).
  const here = document.querySelector<HTMLInputElement>('input[name="page"]');
  for (const name of ["town", "service"]) {
    const select = form.elements.namedItem(name) as HTMLSelectElement | null;
    const value = here?.dataset[name];
    if (select && !select.value && value) select.value = value;
  }
  const query = new URLSearchParams(location.search);
  const refused = query.get(REFUSED) === "invalid";
  // serve sends the page itself back, its form refilled, at the form's address (src/leads/refill-form.ts).
  const page = dialog.hasAttribute("data-lead-refused") && here?.value;
  // The modal opens for an address naming it: a refused request comes back to the form.
  query.delete(REFUSED);
  const rest = query.toString();
  if (refused) history.replaceState(null, "", `${location.pathname}${rest ? `?${rest}` : ""}#${dialog.id}`);
  else if (page) history.replaceState(null, "", `${page}#${dialog.id}`);
  if (refused) alert.textContent = alert.dataset.invalid ?? "";

  // What the form's script does at each opening (Turnstile's widget), once it has run.
  let opened: (() => void) | undefined;
  let ready = false;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= script().then(
      ({ initLeadForm }) => {
        opened = initLeadForm(form, alert, { toast, track, close: () => dialog.open && dialog.close() });
        ready = true;
        if (dialog.open) opened?.();
      },
      // Not arrived (offline, blocked): the next sign of intent tries again.
      () => void (loading = undefined),
    ));
  // Sent before the form's script has run: it waits for it (a few seconds at most), then sends in
  // place. Should it not arrive, the form posts as a page; but not one with Cloudflare's check,
  // which only that script can pass: the server would take the request for a robot's, so the
  // visitor is told it was not sent, and may send again.
  form.addEventListener("submit", (event) => {
    if (ready) return;
    event.preventDefault();
    Promise.race([load(), new Promise((resolve) => setTimeout(resolve, SCRIPT_WAIT_MS))]).then(() => {
      if (ready) form.requestSubmit();
      else if (form.querySelector("[data-turnstile]")) alert.textContent = alert.dataset.failed ?? "";
      else form.submit();
    });
  });
  initModal(dialog, {
    onOpen: () => {
      track("callback_modal_open", { location: pageLocation(location.pathname) });
      load();
      opened?.();
    },
  });
  const intent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("[data-callback-open]")) load();
  };
  document.addEventListener("pointerdown", intent, { passive: true });
  document.addEventListener("focusin", intent);
}
