import type { ChromeView } from "../../src/routes/page-props.ts";
import { Icon } from "./icon.tsx";

/** The id of the one call-back dialog; openers link to it so they work without JavaScript. */
export const CALLBACK_ID = "callback-request";

/** A phone link. */
export function CallButton({ chrome, label, withNumber, className }: { chrome: ChromeView; label?: string; withNumber?: boolean; className?: string }) {
  return (
    <a className={className ?? "button button-primary"} href={`tel:${chrome.phone.tel}`}>
      <Icon name="phone" />
      {/* With the number: the label may wrap on a narrow screen, the number never ("555-" and "0142" on two lines is misdialled). */}
      <span>
        {label ?? chrome.copy.buttons.call}
        {withNumber ? (
          <>
            {" "}
            <span className="phone-number">{chrome.phone.display}</span>
          </>
        ) : null}
      </span>
    </a>
  );
}

/** Opens the call-back modal (with JavaScript) or jumps to it (without); an e-mail to the company when the site has no form. */
export function QuoteButton({ chrome, label, className }: { chrome: ChromeView; label?: string; className?: string }) {
  if (!chrome.leadForm && !chrome.ownForm) {
    return (
      <a className={className ?? "button button-secondary"} href={`mailto:${chrome.email}`}>
        {label ?? chrome.copy.buttons.quote}
      </a>
    );
  }
  return (
    <a className={className ?? "button button-secondary"} href={`#${CALLBACK_ID}`} data-callback-open="">
      {label ?? chrome.copy.buttons.quote}
    </a>
  );
}
