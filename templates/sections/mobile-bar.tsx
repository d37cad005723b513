import type { ChromeView } from "../../src/routes/page-props.ts";
import { CallButton, QuoteButton } from "./buttons.tsx";

/** Fixed to the bottom of small screens; hidden from the md breakpoint up. */
export function MobileBar({ chrome }: { chrome: ChromeView }) {
  return (
    <nav className="mobile-bar" aria-label={chrome.copy.mobileBar.label}>
      <CallButton chrome={chrome} label={chrome.copy.mobileBar.call} className="button button-primary" />
      <QuoteButton chrome={chrome} label={chrome.copy.mobileBar.quote} className="button button-light" />
    </nav>
  );
}
