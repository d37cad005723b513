import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDay, noticeShown, siteOnDay } from "../../src/content/build-day.ts";
import { parseConfig } from "../../src/config/load-config.ts";
import type { Site } from "../../src/config/schema.ts";
import { siteFacts } from "../../src/content/placeholders.ts";
import { hoursLines, openAllDayLine, specialHoursLines } from "../../src/content/hours.ts";
import { localBusiness } from "../../src/seo/json-ld.ts";
import { problemLines } from "../helpers/problems.ts";

// Hours open 24 hours, an emergency line and a notice between two days: site.yaml's words for them,
// what the footer and structured data make of them, and the day a build takes as today.
const SAMPLE = readFileSync(path.resolve(import.meta.dirname, "../../site.yaml"), "utf8");
const HOURS_COMMENT = '# openingHours:\n#   - days: [Monday, Tuesday, Wednesday, Thursday, Friday]\n#     opens: "07:00"\n#     closes: "18:00"\n';

/** The sample's site.yaml with `yaml` in place of its commented-out hours. */
function withKeys(yaml: string): string {
  expect(SAMPLE).toContain(HOURS_COMMENT);
  return SAMPLE.replace(HOURS_COMMENT, yaml);
}

const siteOf = (yaml: string): Site => parseConfig(withKeys(yaml), "site.yaml").site;
const problemsOf = (yaml: string): string[] => problemLines(() => parseConfig(withKeys(yaml), "site.yaml"));
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

const ALL_WEEK = 'openingHours:\n  - days: [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday]\n    opens: "00:00"\n    closes: "24:00"\n';
const WEEKENDS = 'openingHours:\n  - days: [Monday, Friday]\n    opens: "07:00"\n    closes: "18:00"\n  - days: [Sunday, Saturday]\n    opens: "00:00"\n    closes: "24:00"\n';
const EMERGENCY = 'emergency:\n  phone:\n    display: (951) 555-0199\n    tel: "+19515550199"\n';
const NOTICE = "notice:\n  firstDay: 2026-12-01\n  lastDay: 2026-12-24\n";

describe("open 24 hours", () => {
  it("is accepted as opens 00:00, closes 24:00; 24:00 opens nothing and 24:30 is no time", () => {
    expect(problemsOf(ALL_WEEK)).toEqual([]);
    const wrong = ALL_WEEK.replace('opens: "00:00"', 'opens: "24:00"').replace('closes: "24:00"', 'closes: "24:30"');
    const text = withKeys(wrong);
    expect(problemsOf(wrong)).toEqual([
      `site.yaml:${lineOf(text, 'opens: "24:00"')}:12  openingHours.0.opens  must be a time written hh:mm on the 24-hour clock, e.g. 08:00`,
      `site.yaml:${lineOf(text, 'closes: "24:30"')}:13  openingHours.0.closes  must be a time written hh:mm on the 24-hour clock, e.g. 18:00, or 24:00 for the end of the day`,
    ]);
  });

  it("is published as 00:00 to 23:59, schema.org's way of saying it, beside ordinary hours as written", () => {
    const business = localBusiness({ site: siteOf(WEEKENDS), siteUrl: "https://example.com", image: "", logo: "" });
    expect(business.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Friday"], opens: "07:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday", "Saturday"], opens: "00:00", closes: "23:59" },
    ]);
  });

  it("is said in the footer in each language's words: every day as one phrase, some days listed as the locale lists them", () => {
    const words = { everyDay: "Open 24/7", someDays: "Open 24 hours on {days}" };
    expect(openAllDayLine(siteOf(ALL_WEEK), words, "en-US")).toBe("Open 24/7");
    expect(openAllDayLine(siteOf(WEEKENDS), words, "en-US")).toBe("Open 24 hours on Saturday and Sunday");
    expect(openAllDayLine(siteOf(WEEKENDS), { someDays: "Abierto las 24 horas: {days}" }, "es-US")).toBe("Abierto las 24 horas: sábado y domingo");
    expect(openAllDayLine(siteOf(WEEKENDS.replace("Monday, Friday", "Monday").replace("Sunday, Saturday", "Friday, Tuesday, Wednesday")), words, "en-US")).toBe(
      "Open 24 hours on Tuesday, Wednesday, and Friday",
    );
    expect(openAllDayLine(siteOf(""), words, "en-US")).toBeUndefined();
  });
});

/** Narrow and thin spaces (Intl's, around AM and in ranges) as plain ones. */
const plain = (lines: string[]) => lines.map((line) => line.replace(/[\u202f\u2009]/g, " "));
const OFFICE = 'openingHours:\n  - days: [Monday, Tuesday, Wednesday, Friday]\n    opens: "07:30"\n    closes: "17:00"\n  - days: [Saturday]\n    opens: "18:00"\n    closes: "24:00"\n  - days: [Sunday]\n    opens: "00:00"\n    closes: "24:00"\n';
const SPECIAL = 'specialHours:\n  - date: 2026-12-25\n    closed: true\n  - date: 2026-12-31\n    through: 2027-01-02\n    opens: "09:00"\n    closes: "12:00"\n';

describe("office hours", () => {
  it("are shown in each language's words and clock, consecutive days as a range; days open 24 hours are left to openAllDay", () => {
    expect(plain(hoursLines(siteOf(OFFICE), "en-US"))).toEqual(["Mon–Wed, Fri 7:30 AM – 5:00 PM", "Sat 6:00 PM – 12:00 AM"]);
    expect(plain(hoursLines(siteOf(OFFICE), "es-US"))).toEqual(["lun–mié, vie 7:30 a.m. – 5:00 p.m.", "sáb 6:00 p.m. – 12:00 a.m."]);
    expect(hoursLines(siteOf(OFFICE), "de-DE")).toEqual(["Mo–Mi, Fr 07:30–17:00 Uhr", "Sa 18:00–00:00 Uhr"]);
    expect(hoursLines(siteOf(ALL_WEEK), "en-US")).toEqual([]);
    // A run through Sunday goes on into Monday.
    const weekend = 'openingHours:\n  - days: [Monday, Tuesday, Saturday, Sunday]\n    opens: "09:00"\n    closes: "17:00"\n';
    expect(plain(hoursLines(siteOf(weekend), "en-US"))).toEqual(["Sat–Tue 9:00 AM – 5:00 PM"]);
    expect(plain(hoursLines(siteOf(weekend.replace("Tuesday, ", "")), "en-US"))).toEqual(["Sat–Mon 9:00 AM – 5:00 PM"]);
  });

  it("have special days, shown from 30 days before until they pass, and published until they pass", () => {
    const site = siteOf(SPECIAL);
    const on = (day: string) => plain(specialHoursLines(siteOnDay(site, day).site, "Closed", "en-US", day));
    expect(on("2026-11-24")).toEqual([]);
    expect(on("2026-11-25")).toEqual(["Fri, Dec 25: Closed"]);
    expect(on("2026-12-25")).toEqual(["Fri, Dec 25: Closed", "Thu, Dec 31, 2026 – Sat, Jan 2, 2027: 9:00 AM – 12:00 PM"]);
    expect(on("2027-01-02")).toEqual(["Thu, Dec 31, 2026 – Sat, Jan 2, 2027: 9:00 AM – 12:00 PM"]);
    expect(on("2027-01-03")).toEqual([]);
    const published = (day: string) => localBusiness({ site: siteOnDay(site, day).site, siteUrl: "https://example.com", image: "", logo: "" }).specialOpeningHoursSpecification;
    expect(published("2026-12-26")).toEqual([{ "@type": "OpeningHoursSpecification", opens: "09:00", closes: "12:00", validFrom: "2026-12-31", validThrough: "2027-01-02" }]);
    expect(published("2027-01-03")).toBeUndefined();
  });

  it("refuses a special day that is both closed and open, open without a closing time, or ends before it starts", () => {
    const wrong = 'specialHours:\n  - date: 2026-12-25\n    closed: true\n    opens: "09:00"\n  - date: 2026-12-26\n    opens: "09:00"\n  - date: 2026-12-31\n    through: 2026-12-30\n    closed: true\n';
    const text = withKeys(wrong);
    expect(problemsOf(wrong)).toEqual([
      `site.yaml:${lineOf(text, "closed: true")}:13  specialHours.0.closed  give closed: true or opens and closes, not both`,
      `site.yaml:${lineOf(text, "date: 2026-12-26")}:5  specialHours.1.closes  give opens and closes (e.g. opens: "09:00", closes: "13:00"), or closed: true`,
      `site.yaml:${lineOf(text, "through: 2026-12-30")}:14  specialHours.2.through  must be on or after date (2026-12-31)`,
    ]);
  });
});

describe("offers and jobs", () => {
  it("name a price site.yaml has, pay that runs up, and a job posted before its last day; a special day closes after it opens", () => {
    const yaml = [
      "pages:",
      "  - id: coupon",
      "    path: /coupon",
      "    offer: { price: setupp }",
      "  - id: technician",
      "    path: /technician-job",
      "    until: 2026-10-31",
      "    job: { type: FULL_TIME, posted: 2026-11-01, pay: { from: 30, to: 22, per: HOUR } }",
      "specialHours:",
      "  - date: 2026-12-24",
      '    opens: "13:00"',
      '    closes: "09:00"',
      "",
    ].join("\n");
    const text = withKeys(yaml);
    expect(problemsOf(yaml)).toEqual([
      `site.yaml:${lineOf(text, "offer: { price: setupp }")}:21  pages.0.offer.price  is no price of prices.items (setup, extraGopher)`,
      `site.yaml:${lineOf(text, "job: {")}:70  pages.1.job.pay.to  must be more than from (30)`,
      `site.yaml:${lineOf(text, "job: {")}:37  pages.1.job.posted  is after until (2026-10-31): the job would end before it was posted`,
      `site.yaml:${lineOf(text, 'closes: "09:00"')}:13  specialHours.0.closes  must be after opens (13:00)`,
    ]);
  });
});

describe("the emergency line", () => {
  it("is a contactPoint of the business and {emergencyPhone} in copy", () => {
    const site = siteOf(EMERGENCY);
    expect(localBusiness({ site, siteUrl: "https://example.com", image: "", logo: "" }).contactPoint).toEqual([
      { "@type": "ContactPoint", telephone: "+19515550199", contactType: "emergency" },
    ]);
    expect(siteFacts(site).emergencyPhone).toBe("(951) 555-0199");
    expect(localBusiness({ site: siteOf(""), siteUrl: "https://example.com", image: "", logo: "" })).not.toHaveProperty("contactPoint");
  });

  it("is checked as the main number is: its form, and what it shows is what it dials", () => {
    const text = withKeys(EMERGENCY.replace('"+19515550199"', '"+19515550100"'));
    expect(problemsOf(EMERGENCY.replace('"+19515550199"', '"+19515550100"'))).toEqual([
      `site.yaml:${lineOf(text, 'tel: "+19515550100"')}:10  emergency.phone.tel  dials +19515550100, but emergency.phone.display shows (951) 555-0199`,
    ]);
    const local = EMERGENCY.replace('"+19515550199"', '"555-0199"');
    expect(problemsOf(local)).toEqual([
      `site.yaml:${lineOf(withKeys(local), 'tel: "555-0199"')}:10  emergency.phone.tel  must be the number in international form, e.g. +19095550100`,
    ]);
  });
});

describe("the notice", () => {
  it("is shown from its first day to its last, both included, and not a day before or after", () => {
    const site = siteOf(NOTICE);
    expect(["2026-11-30", "2026-12-01", "2026-12-12", "2026-12-24", "2026-12-25"].map((day) => noticeShown(site, day))).toEqual([false, true, true, true, false]);
    expect(noticeShown(siteOf(""), "2026-12-12")).toBe(false);
  });

  it("refuses a last day before the first, and a time zone that does not exist", () => {
    const text = withKeys(NOTICE.replace("2026-12-24", "2026-11-24"));
    expect(problemsOf(NOTICE.replace("2026-12-24", "2026-11-24"))).toEqual([
      `site.yaml:${lineOf(text, "lastDay:")}:12  notice.lastDay  is before notice.firstDay (2026-12-01): the notice would never be shown`,
    ]);
    expect(problemsOf(`${NOTICE}timeZone: America/Temecula\n`)).toEqual([
      `site.yaml:${lineOf(withKeys(`${NOTICE}timeZone: America/Temecula\n`), "timeZone:")}:11  timeZone  must be a time zone name of the IANA database, e.g. America/Los_Angeles or America/Phoenix`,
    ]);
  });
});

describe("the day a build takes as today", () => {
  // 05:00 UTC on 1 December is still 30 November in California.
  const now = new Date("2026-12-01T05:00:00Z");

  it("is the date where the company is (site.yaml's timeZone), UTC without one", () => {
    expect(buildDay(siteOf(`${NOTICE}timeZone: America/Los_Angeles\n`), undefined, {}, now)).toBe("2026-11-30");
    expect(buildDay(siteOf(NOTICE), undefined, {}, now)).toBe("2026-12-01");
  });

  it("is GOPHER_SITE_TODAY's date when set (tests, previewing a notice), or the build's option", () => {
    const site = siteOf(NOTICE);
    expect(buildDay(site, undefined, { GOPHER_SITE_TODAY: "2027-01-02" }, now)).toBe("2027-01-02");
    expect(buildDay(site, "2026-12-24", { GOPHER_SITE_TODAY: "2027-01-02" }, now)).toBe("2026-12-24");
  });

  it("refuses a GOPHER_SITE_TODAY that is not a day, in one line", () => {
    const site = siteOf(NOTICE);
    for (const wrong of ["2026-02-30", "1 December", "2026-12-1"]) {
      expect(() => buildDay(site, undefined, { GOPHER_SITE_TODAY: wrong }, now)).toThrow(
        `GOPHER_SITE_TODAY="${wrong}" must be a date written yyyy-mm-dd, e.g. 2026-12-01 (the day the build takes as today)`,
      );
    }
  });
});
