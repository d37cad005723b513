import type { Site } from "../config/schema.ts";
import type { Locator } from "../config/yaml-source.ts";
import type { Problem } from "../errors.ts";
import { allDayWording } from "./hours.ts";
import { priceWordsNeeded } from "./money.ts";
import { ownLeadForm } from "../config/own-form.ts";
import type { ChromeCopy } from "./copy-schema.ts";

/**
 * The words chrome.yaml must have for what site.yaml says is shown: its days open 24 hours, its
 * days closed, its emergency line, its notice, its own call-back form. The default language's are required here; a translation must have
 * the same keys as the default (load-copy.ts), so it has them too.
 */
export function missingChromeWords(site: Site, chrome: ChromeCopy, file: string, locate?: Locator): Problem[] {
  const missing: Array<{ at: string[]; message: string }> = [];
  const wording = allDayWording(site);
  if (wording && !chrome.openAllDay?.[wording]) {
    const example = wording === "everyDay" ? "everyDay: Open 24/7" : "someDays: Open 24 hours on {days}";
    missing.push({ at: ["openAllDay", wording], message: `missing: site.yaml's openingHours has ${wording === "everyDay" ? "every day" : "days"} open 00:00 to 24:00, said in the footer in these words, e.g. openAllDay: { ${example} }` });
  }
  if (site.specialHours.some((special) => special.closed) && !chrome.hours?.closed) {
    missing.push({ at: ["hours", "closed"], message: "missing: site.yaml's specialHours has a day closed, said in the footer after its date in these words, e.g. hours: { closed: Closed }" });
  }
  for (const word of priceWordsNeeded(site.prices.items)) {
    if (chrome.prices?.[word]) continue;
    const example = word === "free" ? "free: Free" : "from: from {price}";
    missing.push({ at: ["prices", word], message: `missing: site.yaml's prices has ${word === "free" ? "a price of 0" : "a starting price ({ from: … })"}, said in price tables in these words, e.g. prices: { ${example} }` });
  }
  if (site.emergency && !chrome.emergency) {
    missing.push({ at: ["emergency"], message: `missing: site.yaml's emergency number is shown in the footer after these words, e.g. emergency: "Emergencies, day and night:"` });
  }
  if (site.notice && !chrome.notice) {
    missing.push({ at: ["notice"], message: `missing: site.yaml has a notice (${site.notice.firstDay} to ${site.notice.lastDay}); its words: notice: { label: Announcement, text: … }` });
  }
  if (ownLeadForm(site) && !chrome.leadForm) {
    missing.push({ at: ["leadForm"], message: "missing: site.yaml's leads puts the site's own call-back form on every page; its words: leadForm: { name: Your name, phone: Phone number, … } (docs/settings.md has them all)" });
  }
  // A missing key is found at its parent, or the file's first line.
  return missing.map(({ at, message }) => ({ file, ...(locate?.(at) ?? { line: 1 }), field: at.join("."), message }));
}
