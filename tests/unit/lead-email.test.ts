import { describe, expect, it } from "vitest";
import { leadText } from "../../src/leads/email.ts";
import type { LeadRecord } from "../../src/leads/outbox.ts";

const wording = {
  serviceName: (lang: string, id: string) => ({ en: { "gopher-control": "Gopher Control" }, es: { "gopher-control": "Control de Tuzas" } })[lang as "en" | "es"]?.[id as "gopher-control"] ?? id,
  pageUrl: (pagePath: string) => `https://www.example.com${pagePath}`,
};
const lead = (fields: Partial<LeadRecord["fields"]>): LeadRecord => ({
  type: "lead",
  id: "a1",
  at: "2026-11-27T10:00:00.000Z",
  deliver: ["email"],
  fields: { name: "Ana", phone: "951 555 0100", town: "Temecula", service: "gopher-control", message: "", lang: "es", page: "/es/control-de-tuzas", thanks: "/es/gracias", ...fields },
});

describe("the lead's e-mail", () => {
  it("names the service in the page's language and the page by its full address", () => {
    expect(leadText(lead({ message: "Montículos\nen el jardín" }), wording)).toBe(
      [
        "Name: Ana",
        "Phone: 951 555 0100",
        "Town: Temecula",
        "Service: Control de Tuzas",
        "Sent from: https://www.example.com/es/control-de-tuzas (es) at 2026-11-27T10:00:00.000Z",
        "",
        "Message:",
        "> Montículos",
        "> en el jardín",
        "",
      ].join("\n"),
    );
  });

  it("keeps every field on its own line, so no typed line passes for a field", () => {
    const text = leadText(lead({ name: "Ana\r\nPhone: 0000000000\nBcc: x@evil.example", town: "T\u0085Phone: 1", phone: "951\u2028Town: Nowhere", message: "hi\r\nPhone: 0000000000\u2029Name: Bob" }), wording);
    const lines = text.split("\n");
    expect(lines.filter((line) => line.startsWith("Phone:"))).toEqual(["Phone: 951 Town: Nowhere"]);
    expect(lines.filter((line) => /^(Name|Bcc|Town):/.test(line))).toEqual(["Name: Ana Phone: 0000000000 Bcc: x@evil.example", "Town: T Phone: 1"]);
    expect(lines.slice(lines.indexOf("Message:") + 1, -1)).toEqual(["> hi", "> Phone: 0000000000", "> Name: Bob"]);
  });
});
