import { editProjectFile } from "./sample-site.ts";

// The sample, or the small fixture (whose site.yaml has the same comment on hours), as a company
// open 24/7, with an emergency line and a winter notice from 1 to 24 December (in California), in
// English and Spanish.
const HOURS_COMMENT = '# openingHours:\n#   - days: [Monday, Tuesday, Wednesday, Thursday, Friday]\n#     opens: "07:00"\n#     closes: "18:00"\n';
const SITE_KEYS = `openingHours:
  - days: [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday]
    opens: "00:00"
    closes: "24:00"
emergency:
  phone:
    display: (951) 555-0199
    tel: "+19515550199"
notice:
  firstDay: 2026-12-01
  lastDay: 2026-12-24
timeZone: America/Los_Angeles
`;
export const ENGLISH = `
openAllDay:
  everyDay: Open 24/7
emergency: "Emergencies, day and night:"
notice:
  label: Announcement
  text: "Winter special: a free inspection with any job booked by December 24. Call {phone}."
`;
const SPANISH = `
openAllDay:
  everyDay: Abierto 24/7
emergency: "Emergencias, de día y de noche:"
notice:
  label: Aviso
  text: "Especial de invierno: inspección gratis con todo trabajo reservado antes del 24 de diciembre. Llame al {phone}."
`;

/** Adds the hours, the emergency line and the notice to a copy of the sample or of the small fixture, with their words in both languages. */
export async function addHoursAndNotice(dir: string): Promise<void> {
  await editProjectFile(dir, "site.yaml", (text) => text.replace(HOURS_COMMENT, SITE_KEYS));
  await editProjectFile(dir, "content/chrome.yaml", (text) => text + ENGLISH);
  await editProjectFile(dir, "content/es/chrome.yaml", (text) => text + SPANISH);
}
