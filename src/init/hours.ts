import { WEEKDAYS, type Weekday } from "../config/schema.ts";

/** One line of site.yaml's openingHours. */
export interface HoursLine {
  days: Weekday[];
  opens: string;
  closes: string;
}

const SHORT = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;
const DAYS = `(?:${SHORT.join("|")})`;
const TIME = "\\d{1,2}:\\d{2}";
const LINE = new RegExp(`(${DAYS}(?:\\s*[-,]\\s*${DAYS})*)\\s+(${TIME})\\s*-\\s*(${TIME})`, "g");

/**
 * Office hours written in schema.org's short form, "Mo-Fr 07:00-18:00, Sa 08:00-14:00", as site.yaml's
 * openingHours; or what is wrong with them. Days are listed (Mo,We) or a range (Mo-Fr, Sa-Su);
 * 00:00-24:00 is open 24 hours.
 */
export function parseHours(text: string): { hours: HoursLine[] } | { problem: string } {
  const hours: HoursLine[] = [];
  let rest = text;
  for (const match of text.matchAll(LINE)) {
    rest = rest.replace(match[0], "");
    const [opens, closes] = [pad(match[2]!), pad(match[3]!)];
    if (!validTime(opens, false) || !validTime(closes, true)) return { problem: `${match[0]}: a time must be hh:mm on the 24-hour clock, 00:00 to 24:00` };
    if (closes <= opens) return { problem: `${match[0]}: closes before it opens` };
    hours.push({ days: days(match[1]!), opens, closes });
  }
  if (hours.length === 0 || rest.replace(/[\s,;]/g, "") !== "") {
    return { problem: 'must be days and hours in schema.org\'s short form, e.g. "Mo-Fr 07:00-18:00, Sa 08:00-14:00" (Mo Tu We Th Fr Sa Su)' };
  }
  return { hours };
}

/** "Mo-We,Fr" -> Monday, Tuesday, Wednesday, Friday. */
function days(text: string): Weekday[] {
  const found = new Set<number>();
  for (const part of text.split(",")) {
    const [first, last = first] = part.split("-").map((day) => SHORT.indexOf(day.trim() as (typeof SHORT)[number])) as [number, number?];
    // A range past Sunday goes round the week: Sa-Mo is Saturday, Sunday, Monday.
    for (let day = first; ; day = (day + 1) % 7) {
      found.add(day);
      if (day === last) break;
    }
  }
  return WEEKDAYS.filter((_, index) => found.has(index));
}

function pad(time: string): string {
  return time.padStart(5, "0");
}

function validTime(time: string, closing: boolean): boolean {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return minutes < 60 && (hours < 24 || (closing && hours === 24 && minutes === 0));
}
