import nodemailer from "nodemailer";
import type { LeadRecord } from "./outbox.ts";

/** The lead as the company reads it: each field on its line, the message last. */
export function leadText(lead: LeadRecord): string {
  const { fields } = lead;
  return [
    `Name: ${fields.name}`,
    `Phone: ${fields.phone}`,
    ...(fields.town ? [`Town: ${fields.town}`] : []),
    ...(fields.service ? [`Service: ${fields.service}`] : []),
    `Sent from: ${fields.page || "/"} (${fields.lang || "?"}) at ${lead.at}`,
    ...(fields.message ? ["", fields.message] : []),
    "",
  ].join("\n");
}

/**
 * Sends leads by SMTP to `to`, through the server of `smtpUrl` (smtp://user:pass@host:port, or
 * smtps:// for TLS from the start). The lead's id is the message's id, so a lead delivered twice
 * after a crash is one thread in the mailbox.
 */
export function emailSender(smtpUrl: string, to: string, from = to): (lead: LeadRecord) => Promise<void> {
  // Shorter waits than nodemailer's two minutes: a mail server that does not answer is retried later
  // anyway, and Ctrl-C does not wait on it.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 });
  return async (lead) => {
    await transport.sendMail({
      from,
      to,
      subject: `Quote request from ${oneLine(lead.fields.name)} (${oneLine(lead.fields.phone)})`,
      text: leadText(lead),
      messageId: `<${lead.id}@gopher-site>`,
    });
  };
}

/** Posts leads as JSON to `url`; delivered when it answers 2xx. */
export function webhookSender(url: string): (lead: LeadRecord) => Promise<void> {
  return async (lead) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: lead.id, at: lead.at, ...lead.fields }),
      signal: AbortSignal.timeout(15_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 80);
}
