import { pageLocation, track } from "./analytics.ts";
import { leadFormUrl } from "./lead-form-url.ts";
import { injectScript } from "./lazy-embed.ts";
import { initModal } from "./modal.ts";
import type { ClientSettings } from "../../src/assets/client-settings.ts";
import { isSuccessMessage } from "./success-message.ts";
import type * as Toast from "./toast.ts";

/**
 * The call-back request: each opening tracks `callback_modal_open`, injects the provider's embed
 * script and points the form iframe at the form with the page's campaign parameters. The first
 * success message per opening tracks `callback_request_success`, shows the toast and closes. The
 * toast's script is imported on use (`toast`: main.ts's import()), asked for as the modal opens so
 * it is there by the time the request is sent; a page whose visitor never opens it never loads it.
 */
export function initCallbackRequest(dialog: HTMLDialogElement, settings: ClientSettings, toastScript: () => Promise<typeof Toast>): void {
  // The dialog is on a page only when the site has a lead form, and then so are its settings (form!).
  const { form, toast } = settings;
  const frame = dialog.querySelector<HTMLIFrameElement>("[data-callback-frame]");
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  let awaitingSuccess = false;
  let embed: HTMLScriptElement | undefined;

  const modal = initModal(dialog, {
    onOpen() {
      awaitingSuccess = true;
      track("callback_modal_open", { location: pageLocation(location.pathname) });
      if (frame) frame.src = leadFormUrl(form!.url, location.search, location.pathname);
      embed?.remove();
      embed = injectScript(form!.embedScript);
      toastScript().catch(() => {});
    },
  });

  // addEventListener, not onmessage: the provider's embed script overwrites window.onmessage.
  addEventListener("message", (event) => {
    if (!awaitingSuccess || !isSuccessMessage(event, form!.allowedOrigins, form!.id)) return;
    awaitingSuccess = false;
    track("callback_request_success");
    if (region) toastScript().then(({ showToast }) => showToast(region, toast), () => {});
    modal.close();
  });
}
