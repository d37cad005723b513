import nodemailer from "nodemailer";
import { RefusedError } from "./delivery.ts";
import type { LeadRecord } from "./outbox.ts";

/** What the e-mail says a lead's values are: a service's name in the page's language, the page's full address. */
export interface LeadWording {
  serviceName(lang: string, id: string): string;
  pageUrl(pagePath: string): string;
}

/**
 * The lead as the company reads it: each field on one line of its own, whatever the visitor typed
 * (no line break of theirs can start a line that passes for a field), and the message last, quoted.
 */
export function leadText(lead: LeadRecord, wording: LeadWording): string {
  const { fields } = lead;
  const message = fields.message
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .split("\n")
    .map((line) => `> ${oneLine(line, Infinity)}`.trimEnd());
  return [
    `Name: ${oneLine(fields.name)}`,
    `Phone: ${oneLine(fields.phone)}`,
    ...(fields.town ? [`Town: ${oneLine(fields.town)}`] : []),
    ...(fields.service ? [`Service: ${oneLine(wording.serviceName(fields.lang, fields.service))}`] : []),
    `Sent from: ${oneLine(wording.pageUrl(fields.page || "/"))} (${oneLine(fields.lang || "?")}) at ${lead.at}`,
    ...(fields.message ? ["", "Message:", ...message] : []),
    "",
  ].join("\n");
}

/**
 * Sends leads by SMTP to `to`, through the server of `smtpUrl` (smtp://user:pass@host:port, or
 * smtps:// for TLS from the start). The lead's id is the message's id, so a lead delivered twice
 * after a crash is one thread in the mailbox. A mail server that refuses for good (5xx) rejects with
 * RefusedError, tried a few times only.
 */
export function emailSender(smtpUrl: string, to: string, from: string, wording: LeadWording): { send(lead: LeadRecord): Promise<void>; close(): void } {
  // Bounded waits: a mail server that does not answer is retried later. Pooled, so a stop can close
  // a connection that hangs mid-send (the lead is still in the outbox).
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 });
  const send = async (lead: LeadRecord) => {
    try {
      await transport.sendMail({
        from,
        to,
        subject: `Quote request from ${oneLine(lead.fields.name, 80)} (${oneLine(lead.fields.phone, 40)})`,
        text: leadText(lead, wording),
        messageId: `<${lead.id}@gopher-site>`,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new RefusedError(`the mail server refused it: ${(error as Error).message}`, { cause: error });
      throw error;
    }
  };
  return { send, close: () => transport.close() };
}

/** One line: every line break and control character a space, runs of space one. */
export function oneLine(text: string, max = 400): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
