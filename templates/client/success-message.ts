/** Where the lead provider may put the form id in its success message. */
export const FORM_ID_KEYS = ["formId", "formID", "form_id", "widgetFormId", "iframeId"] as const;

/**
 * Whether a `message` event is the lead form's success message: sent from exactly one of the
 * allowed origins, carrying a plain object whose own form id property equals `formId`. The
 * provider also posts arrays and resize strings; those (and anything odd) return false, never throw.
 */
export function isSuccessMessage(event: { origin?: unknown; data?: unknown }, allowedOrigins: readonly string[], formId: string): boolean {
  try {
    const { origin, data } = event;
    if (!formId || typeof origin !== "string" || !allowedOrigins.includes(origin)) return false;
    // toString rejects arrays, dates, maps and null; own-property checks ignore anything inherited.
    if (Object.prototype.toString.call(data) !== "[object Object]") return false;
    const record = data as Record<string, unknown>;
    return FORM_ID_KEYS.some((key) => Object.prototype.hasOwnProperty.call(record, key) && record[key] === formId);
  } catch {
    return false;
  }
}
