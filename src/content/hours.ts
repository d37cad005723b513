import { WEEKDAYS, type Site, type Weekday } from "../config/schema.ts";
import { fillPlaceholders } from "./placeholders.ts";
import { specialDayNotPassed } from "./build-day.ts";

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

type SpecialHours = Site["specialHours"][number];

/** The days before a special day from which the footer shows it. */
export const SPECIAL_HOURS_SHOWN_DAYS = 30;

/**
 * The footer's lines for site.yaml's openingHours, in `locale`'s words and clock: consecutive days
 * as a range ("Mon–Fri 7:00 AM – 6:00 PM", "lun–vie 7:00 a.m. – 6:00 p.m."). Days open 24 hours
 * are left to the openAllDay line; days not listed are closed and not named.
 */
export function hoursLines(site: Site, locale: string): string[] {
  return (site.openingHours ?? []).filter((hours) => !isAllDay(hours)).map((hours) => `${dayRanges(hours.days, locale)} ${timeRange(hours.opens, hours.closes, locale)}`);
}

/**
 * The footer's lines for site.yaml's specialHours from SPECIAL_HOURS_SHOWN_DAYS before each until it
 * has passed (`day` is the build's): "Thu, Dec 25: Closed", "Wed, Dec 24: 8:00 AM – 12:00 PM".
 */
export function specialHoursLines(site: Site, closed: string | undefined, locale: string, day: string): string[] {
  const showFrom = addDays(day, SPECIAL_HOURS_SHOWN_DAYS);
  return site.specialHours
    .filter((special) => specialDayNotPassed(special, day) && special.date <= showFrom)
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .flatMap((special) => {
      const when = special.closed ? closed : special.opens !== undefined && special.closes !== undefined ? timeRange(special.opens, special.closes, locale) : undefined;
      return when === undefined ? [] : [`${dateRange(special, locale)}: ${when}`];
    });
}

/** Days as the locale abbreviates them, runs of consecutive days as a range: "Mon–Fri, Sun". */
function dayRanges(days: readonly Weekday[], locale: string): string {
  const names = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const name = (index: number) => names.format(Date.UTC(2024, 0, 1 + index));
  const indexes = [...new Set(days.map((day) => WEEKDAYS.indexOf(day)))].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const index of indexes) {
    const last = runs.at(-1);
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  // A run through Sunday goes on into Monday: Saturday to Monday is "Sat–Mon", not "Mon, Sat, Sun".
  if (runs.length > 1 && runs[0]![0] === 0 && runs.at(-1)![1] === WEEKDAYS.length - 1) {
    const [, end] = runs.shift()!;
    runs.at(-1)![1] = end;
  }
  const span = (first: number, last: number) => (last - first + 7) % 7;
  return runs.map(([first, last]) => (first === last ? name(first) : span(first, last) === 1 ? `${name(first)}, ${name(last)}` : `${name(first)}–${name(last)}`)).join(", ");
}

/** Opening and closing times on the locale's clock, as it writes a range: "7:00 AM – 6:00 PM". */
export function timeRange(opens: string, closes: string, locale: string): string {
  const numeric = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  // A 24-hour clock writes its hours with two digits in ranges (de: 07:00–18:00 Uhr): its midnight too.
  const twentyFour = numeric.resolvedOptions().hourCycle === "h23" || numeric.resolvedOptions().hourCycle === "h24";
  const clock = twentyFour ? new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }) : numeric;
  const at = (time: string) => {
    const [hours, minutes] = time.split(":").map(Number) as [number, number];
    return Date.UTC(2024, 0, 1, hours, minutes);
  };
  if (closes !== "24:00") return clock.formatRange(at(opens), at(closes));
  // 24:00 is the end of the day, midnight, which a clock writes as the day's first minute: a range
  // of two times that share nothing (not even AM or PM) gives the locale's order and separator.
  const parts = clock.formatRangeToParts(at("01:00"), at("13:00"));
  const time = { startRange: clock.format(at(opens)), endRange: clock.format(at("00:00")) };
  return parts
    .map((part, index) => (part.source === "shared" ? part.value : parts[index - 1]?.source === part.source ? "" : time[part.source]))
    .join("");
}

/** A day or a span of days as the locale writes them: "Thu, Dec 25", "Dec 24 – 26". */
function dateRange(special: SpecialHours, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
  const at = (date: string) => Date.parse(`${date}T00:00:00Z`);
  return special.through && special.through !== special.date ? format.formatRange(at(special.date), at(special.through)) : format.format(at(special.date));
}

/** yyyy-mm-dd `count` days after `day`. */
function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}
