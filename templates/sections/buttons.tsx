import type { ChromeView } from "../../src/routes/page-props.ts";
import { Icon } from "./icon.tsx";

/** The id of the one call-back dialog; openers link to it so they work without JavaScript. */
export const CALLBACK_ID = "callback-request";

/** A phone link. */
export function CallButton({ chrome, label, className }: { chrome: ChromeView; label?: string; className?: string }) {
  return (
    <a className={className ?? "button button-primary"} href={`tel:${chrome.phone.tel}`}>
      <Icon name="phone" />
      <span>{label ?? chrome.copy.buttons.call}</span>
    </a>
  );
}

/** Opens the call-back modal (with JavaScript) or jumps to it (without). */
export function QuoteButton({ chrome, label, className }: { chrome: ChromeView; label?: string; className?: string }) {
  return (
    <a className={className ?? "button button-secondary"} href={`#${CALLBACK_ID}`} data-callback-open="">
      {label ?? chrome.copy.buttons.quote}
    </a>
  );
}
