import type { LeadFormHooks } from "./lead-form-hooks.ts";

/** Cloudflare's script, in explicit mode: it renders nothing until asked. */
const TURNSTILE_API = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(container: HTMLElement, params: { sitekey: string; language?: string }): string | null | undefined;
  reset(widget: string): void;
}

/**
 * Cloudflare Turnstile in the own form's place for it (templates/sections/lead-form.tsx): its
 * script is loaded the first time the modal opens, not with the page (the first paint and every
 * visitor who never opens the form fetch nothing of Cloudflare's), and the widget rendered then.
 * A request waits for the widget's token: without it the server takes the sender for a robot and
 * answers as if it were received. A token counts once, so the widget is reset after each send.
 */
export function turnstileHooks(place: HTMLElement): LeadFormHooks {
  let widget: string | undefined;
  let requested = false;
  const api = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;
  const render = () => {
    const turnstile = api();
    if (!turnstile || widget !== undefined) return;
    widget = turnstile.render(place, { sitekey: place.dataset.sitekey ?? "", language: place.dataset.language }) ?? undefined;
  };
  return {
    onOpen() {
      if (requested) return render();
      requested = true;
      const script = document.createElement("script");
      script.src = TURNSTILE_API;
      script.async = true;
      script.addEventListener("load", render);
      document.head.append(script);
    },
    ready: () => {
      // Cloudflare's widget adds this field once its check is passed.
      const field = place.querySelector("input[name='cf-turnstile-response']");
      return field instanceof HTMLInputElement && field.value !== "";
    },
    afterSend() {
      if (widget !== undefined) api()?.reset(widget);
    },
  };
}
