import { WEEKDAYS, type Site, type Weekday } from "../config/schema.ts";
import { fillPlaceholders } from "./placeholders.ts";

type Hours = NonNullable<Site["openingHours"]>[number];

/** Open from 00:00 to 24:00: open 24 hours that day. */
export function isAllDay(hours: Hours): boolean {
  return hours.opens === "00:00" && hours.closes === "24:00";
}

/** The days site.yaml's hours keep open 24 hours, Monday first, each once. */
export function allDayDays(site: Site): Weekday[] {
  const open = new Set((site.openingHours ?? []).filter(isAllDay).flatMap((hours) => hours.days));
  return WEEKDAYS.filter((day) => open.has(day));
}

/** Which of chrome.yaml's openAllDay words the footer says: everyDay (24/7), someDays, or none. */
export function allDayWording(site: Site): "everyDay" | "someDays" | undefined {
  const days = allDayDays(site).length;
  if (days === 0) return undefined;
  return days === WEEKDAYS.length ? "everyDay" : "someDays";
}

/**
 * A closing time as schema.org writes it: 24:00 is 23:59, its guidance for a business open 24
 * hours ("opens 00:00, closes 23:59"), since its times are times of one day.
 */
export function schemaOrgClosing(closes: string): string {
  return closes === "24:00" ? "23:59" : closes;
}

/**
 * The footer's line for the days open 24 hours: the everyDay words ("Open 24/7"), or the someDays
 * words with {days} as `locale` names and lists them ("Saturday and Sunday"). None when no day is.
 */
export function openAllDayLine(site: Site, words: { everyDay?: string; someDays?: string } | undefined, locale: string): string | undefined {
  const wording = allDayWording(site);
  const text = wording && words?.[wording];
  if (!text) return undefined;
  return fillPlaceholders(text, { days: dayList(allDayDays(site), locale) });
}

/** Days in the locale's words, listed as it lists things: "Saturday and Sunday", "sábado y domingo". */
function dayList(days: readonly Weekday[], locale: string): string {
  const names = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // 1 January 2024 was a Monday: each day of that week gives its weekday's name.
  const named = days.map((day) => names.format(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))));
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(named);
}
