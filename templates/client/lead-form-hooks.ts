/** What a check before sending (Cloudflare Turnstile's, client/turnstile.ts) adds to the own form (client/lead-form.ts). */
export interface LeadFormHooks {
  onOpen?: () => void;
  /** False: the request is not sent yet, and the line above the form says so. */
  ready?: () => boolean;
  afterSend?: () => void;
}
