import type { OwnFormView } from "../../src/routes/page-props.ts";
import type { ReactNode } from "react";

/**
 * The site's own call-back form (site.yaml's leads): a plain form that posts without JavaScript;
 * client/lead-form.ts sends it in place. `website` is a honeypot (hidden from people, robots fill
 * it in) and the host fills `stamp` in as it sends the page (a form sent seconds later is a robot's).
 * The page's own path (`page`) is a field of the page outside the form (document.tsx), joined to it by its id.
 * With Turnstile, client/turnstile.ts renders Cloudflare's widget into its place when the modal
 * opens (it adds the `cf-turnstile-response` field), rendered explicitly as Cloudflare documents:
 * so the place has no `cf-turnstile` class, and nothing of Cloudflare's loads with the page.
 */
/**
 * The form's id: the modal is one block for every page of a language (<Reuse>), so the page's own
 * path is a field outside it (document.tsx), joined to the form by this id (the `form` attribute; no JavaScript).
 */
export const LEAD_FORM_ID = "lead-form";

export function LeadForm({ form, consent }: { form: OwnFormView; consent: ReactNode }) {
  const { words } = form;
  const netlify = form.netlify ? { name: "lead", "data-netlify": "true", "netlify-honeypot": "website" } : {};
  return (
    <form id={LEAD_FORM_ID} className="lead-form" method="post" action={form.action} data-lead-form="" data-required={words.errors.required} {...netlify}>
      <p className="lead-form-alert" role="alert" data-lead-alert="" data-invalid={words.errors.invalid} data-failed={words.errors.failed}></p>
      <Field id="name" label={words.name}>
        <input id="lead-name" name="name" type="text" autoComplete="name" required maxLength={200} />
      </Field>
      <Field id="phone" label={words.phone}>
        <input id="lead-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" required maxLength={40} />
      </Field>
      <Field id="town" label={words.town}>
        <select id="lead-town" name="town" autoComplete="address-level2">
          <option value="">{words.chooseTown}</option>
          {form.towns.map((town) => (
            <option key={town.value} value={town.value}>
              {town.label}
            </option>
          ))}
          <option value="other">{words.otherTown}</option>
        </select>
      </Field>
      <Field id="service" label={words.service}>
        <select id="lead-service" name="service">
          <option value="">{words.chooseService}</option>
          {form.services.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="message" label={words.message}>
        <textarea id="lead-message" name="message" rows={2} maxLength={2000}></textarea>
      </Field>
      <div className="lead-honeypot" aria-hidden="true">
        <label htmlFor="lead-website">{words.honeypot}</label>
        <input id="lead-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {form.netlify ? <input type="hidden" name="form-name" value="lead" /> : null}
      <input type="hidden" name="stamp" value="" />
      <input type="hidden" name="lang" value={form.lang} />
      <input type="hidden" name="thanks" value={form.thanks} />
      {form.turnstileSiteKey ? <div className="lead-turnstile" data-turnstile="" data-sitekey={form.turnstileSiteKey} data-language={form.lang}></div> : null}
      {consent}
      <button className="button button-primary lead-form-send" type="submit">
        {words.submit}
      </button>
    </form>
  );
}

/** A label, its control and the place its error is shown (client/lead-form.ts fills it). */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="lead-field">
      <label htmlFor={`lead-${id}`}>{label}</label>
      {children}
      <p className="lead-field-error" id={`lead-${id}-error`} data-field-error={id}></p>
    </div>
  );
}
