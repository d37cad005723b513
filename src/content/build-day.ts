import type { Site } from "../config/schema.ts";
import { UserError } from "../errors.ts";

/**
 * The variable a build takes today's date from instead of the clock: for tests, and to preview a
 * notice before its first day (`GOPHER_SITE_TODAY=2026-12-01 gopher-site dev`).
 */
export const TODAY_VARIABLE = "GOPHER_SITE_TODAY";

/**
 * The day a build is made, yyyy-mm-dd: `today` if given, else GOPHER_SITE_TODAY, else the clock's
 * date where the company is (site.yaml's timeZone; UTC without one). A notice's days are compared to it.
 */
export function buildDay(site: Site, today?: string, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const given = today ?? env[TODAY_VARIABLE];
  if (given === undefined || given === "") return dayIn(site.timeZone ?? "UTC", now);
  if (!isCalendarDay(given)) {
    throw new UserError(`${TODAY_VARIABLE}="${given}" must be a date written yyyy-mm-dd, e.g. 2026-12-01 (the day the build takes as today)`);
  }
  return given;
}

/** Whether site.yaml's notice is shown on `day`: from its first day to its last, both included. */
export function noticeShown(site: Site, day: string): boolean {
  // yyyy-mm-dd strings sort as the days do.
  return site.notice !== undefined && site.notice.firstDay <= day && day <= site.notice.lastDay;
}

/** The calendar day `now` is in a time zone, yyyy-mm-dd. */
function dayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((each) => each.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** yyyy-mm-dd naming a day that exists (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The site as it is on `day`: an own page past its `until` is left out (of the routes, menus,
 * sitemap and structured data), said in a notice; special hours that have passed are left out of
 * the structured data. Its texts are still read and checked, so a translation may still name it.
 */
export function siteOnDay(site: Site, day: string): { site: Site; ended: string[] } {
  // The same answer for the same site on the same day: a dev server's rebuilds compare it by identity.
  const known = onDay.get(site);
  if (known?.day === day) return known.result;
  const result = siteOnDayAnew(site, day);
  onDay.set(site, { day, result });
  return result;
}

const onDay = new WeakMap<Site, { day: string; result: { site: Site; ended: string[] } }>();

function siteOnDayAnew(site: Site, day: string): { site: Site; ended: string[] } {
  const endedPages = site.pages.filter((page) => page.until !== undefined && page.until < day);
  const specialHours = site.specialHours.filter((special) => specialDayNotPassed(special, day));
  if (endedPages.length === 0 && specialHours.length === site.specialHours.length) return { site, ended: [] };
  return {
    site: { ...site, pages: site.pages.filter((page) => !endedPages.includes(page)), specialHours },
    ended: endedPages.map((page) => `site.yaml's page ${page.id} (${page.path}) ended on ${page.until}, so it is not built: give it a later until, or remove it and its copy`),
  };
}

/** Whether a special day (or the last of its span) is today or still to come on `day`. */
export function specialDayNotPassed(special: Site["specialHours"][number], day: string): boolean {
  return (special.through ?? special.date) >= day;
}
