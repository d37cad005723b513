import type { FieldError, LeadFields, LeadWords } from "./lead-form.ts";

/**
 * A page sent back to a visitor whose request was not taken, without JavaScript: the page the form
 * was sent from, its form holding what they typed, each error beside its field and the line above
 * the form saying what happened (`invalid`: check it; `failed`: send again later, or call: the
 * dialog's phone link is right below). The dialog is marked so CSS shows it open, as `:target` does,
 * and the form's script, where it runs, opens it as a modal. Pure text: serve and the worker alike.
 */

export interface Refill {
  fields: LeadFields;
  errors: Partial<Record<keyof LeadFields, FieldError>>;
  words: LeadWords;
  /** Which of the form's own lines goes above it. */
  alert: "invalid" | "failed";
  /** The posted stamp, when it was ours and unspent: the corrected form is sent with the page's first stamp, not a fresh one. */
  stamp?: string;
}

/** The dialog's attribute that opens it, as the page comes back to the form. */
export const REFUSED_ATTRIBUTE = "data-lead-refused";

/** The page with its form refilled; undefined when it holds no such form. */
export function refillForm(html: string, refill: Refill): string | undefined {
  if (!/<form\b[^>]*\bdata-lead-form=""/.test(html)) return undefined;
  const { fields, errors, words } = refill;
  let page = html.replace(/<dialog\b([^>]*)\bid="callback-request"([^>]*)>/, `<dialog$1id="callback-request"$2 ${REFUSED_ATTRIBUTE}="">`);
  page = page.replace(/<input\b[^>]*>/g, (tag) => {
    const name = /\sname="([a-z]+)"/.exec(tag)?.[1];
    if (name === "name" || name === "phone") {
      const marked = errors[name] ? ` aria-invalid="true" aria-describedby="lead-${name}-error"` : "";
      return withAttribute(tag, ` value="${escapeHtml(fields[name])}"${marked}`);
    }
    if (name === "stamp" && refill.stamp && /^[0-9]+\.[0-9a-f]+\.[0-9a-f]+$/.test(refill.stamp)) return tag.replace(/(\svalue=)""/, `$1"${refill.stamp}"`);
    return tag;
  });
  for (const name of ["town", "service"] as const) {
    page = page.replace(new RegExp(`(<select\\b[^>]*\\sname="${name}"[^>]*>)([\\s\\S]*?)(</select>)`), (_all, open: string, options: string, close: string) => {
      const chosen = options.replace(/<option\b([^>]*)\svalue="([^"]*)"([^>]*)>/g, (tag, before: string, value: string, after: string) =>
        value !== "" && decodeHtml(value) === fields[name] ? `<option${before} value="${value}"${after} selected="">` : tag,
      );
      return `${open}${chosen}${close}`;
    });
  }
  page = page.replace(/(<textarea\b[^>]*\sname="message"[^>]*>)[\s\S]*?(<\/textarea>)/, (_all, open: string, close: string) => `${open}${escapeHtml(fields.message)}${close}`);
  page = page.replace(/(<p\b[^>]*\sdata-field-error="([a-z]+)"[^>]*>)(<\/p>)/g, (all, open: string, name: string, close: string) => {
    const error = errors[name as keyof LeadFields];
    return error ? `${open}${escapeHtml(words[error])}${close}` : all;
  });
  page = page.replace(/(<p\b[^>]*\sdata-lead-alert=""[^>]*>)(<\/p>)/, (all, open: string, close: string) => {
    const said = new RegExp(`\\sdata-${refill.alert}="([^"]*)"`).exec(open)?.[1];
    return said ? `${open}${said}${close}` : all;
  });
  return page;
}

function withAttribute(tag: string, attributes: string): string {
  const cleaned = tag.replace(/\svalue="[^"]*"/, "");
  return cleaned.endsWith("/>") ? `${cleaned.slice(0, -2)}${attributes}/>` : `${cleaned.slice(0, -1)}${attributes}>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function decodeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
