import type { ChromeView } from "../../src/routes/page-props.ts";
import { CALLBACK_ID } from "./buttons.tsx";
import { Icon } from "./icon.tsx";
import { useLocalize } from "./localize.tsx";
import { LeadForm } from "./lead-form.tsx";

/**
 * The one call-back dialog of the page, closed. Without JavaScript an opener's link targets it
 * (CSS shows `:target`) so the phone link is still one tap away; with JavaScript it becomes a
 * modal dialog that loads the provider's form (its settings are in the script: src/assets/client-settings.ts),
 * or holds the site's own form (site.yaml's leads: sections/lead-form.tsx), which works either way.
 */
export function CallbackModal({ chrome }: { chrome: ChromeView }) {
  const copy = chrome.copy.modal;
  const form = chrome.leadForm;
  const localize = useLocalize();
  const consent = (
    <p className="modal-consent">
      {copy.consent} <a href={localize("/privacy-policy")}>{copy.privacyLink}</a>
    </p>
  );
  // The site's own form is sent by client/lead-form.ts, not by the provider's script (data-lead-modal).
  const marker = form ? { "data-callback-modal": "" } : { "data-lead-modal": "" };
  // Without a form the quote buttons write an e-mail (sections/buttons.tsx): no dialog.
  if (!form && !chrome.ownForm) return null;
  return (
    <dialog id={CALLBACK_ID} className="modal" aria-labelledby="callback-title" aria-describedby="callback-text" {...marker}>
      <div className="modal-panel">
        {/* A link leaves the no-JavaScript overlay; the script makes it a button (client/modal.ts). */}
        <a className="modal-close" href="#" aria-label={copy.close} data-callback-close="">
          <Icon name="close" />
        </a>
        <h2 id="callback-title">{copy.title}</h2>
        <p id="callback-text">{copy.text}</p>
        {form ? (
          <>
            <iframe
              className="modal-form"
              title={copy.iframeTitle}
              height="360"
              data-callback-frame=""
              data-form-id={form.formId}
              data-form-name={form.formName}
              id={`inline-${form.formId}`}
            ></iframe>
            {consent}
          </>
        ) : (
          <LeadForm form={chrome.ownForm!} consent={consent} />
        )}
        <p className="modal-call">
          {copy.callPrompt} <a href={`tel:${chrome.phone.tel}`}>{chrome.phone.display}</a>
        </p>
      </div>
    </dialog>
  );
}

/** Where the success toast appears; a polite live region, empty until needed. */
export function ToastRegion() {
  return <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" data-toast-region=""></div>;
}
