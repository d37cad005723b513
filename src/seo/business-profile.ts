import { WEEKDAYS, type Site } from "../config/schema.ts";
import { streetAddress, townPlace } from "../config/town-place.ts";
import { absoluteUrl } from "../routes/urls.ts";
import { timeRange } from "../content/hours.ts";

/** The most service areas a Business Profile takes. */
export const PROFILE_AREAS = 20;
/** The longest description a Business Profile takes. */
export const PROFILE_DESCRIPTION = 750;

/** One field of a Business Profile, as its form names it, with the value the site states. */
export interface ProfileField {
  name: string;
  value: string[];
  /** What the owner should know about the value (a limit, a choice the profile offers). */
  note?: string;
}

/**
 * The company's facts as Google's Business Profile asks for them, field by field, from site.yaml
 * (and the services' names, in the default language): the owner compares them with the profile,
 * or pastes them, so name, address, phone, hours and areas are the same everywhere.
 */
export function businessProfile(site: Site, serviceNames: readonly string[]): ProfileField[] {
  const locale = site.languages[0]!.locale;
  const address = streetAddress(site);
  const towns = site.cities.map((city) => townPlace(site, city));
  const days = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const hours = WEEKDAYS.map((day, index) => {
    const open = (site.openingHours ?? []).filter((line) => line.days.includes(day));
    const when = open.length === 0 ? "Closed" : open.map((line) => (line.opens === "00:00" && line.closes === "24:00" ? "Open 24 hours" : timeRange(line.opens, line.closes, locale))).join(", ");
    return `${days.format(Date.UTC(2024, 0, 1 + index))}: ${when}`;
  });
  const fields: ProfileField[] = [
    { name: "Business name", value: [site.company.name] },
    { name: "Business category", value: [categoryWords(site.businessType)], note: `site.yaml's businessType ${site.businessType}; pick Google's category nearest to it` },
    address
      ? { name: "Business location", value: [`${address}, ${site.base.country}`] }
      : { name: "Business location", value: [`none: customers are served where they are (base: ${site.base.town}, ${site.base.region})`], note: "leave the address hidden in the profile, as a service-area business" },
    {
      name: "Service areas",
      value: towns.slice(0, PROFILE_AREAS),
      ...(towns.length > PROFILE_AREAS ? { note: `the profile takes ${PROFILE_AREAS}; the site names ${towns.length} (the first ${PROFILE_AREAS} of site.yaml's cities)` } : {}),
    },
    { name: "Phone number", value: [site.phone.display] },
    { name: "Website", value: [absoluteUrl(site.siteUrl, "/")] },
    site.openingHours ? { name: "Hours", value: hours } : { name: "Hours", value: ["none given (site.yaml's openingHours)"] },
  ];
  if (site.specialHours.length > 0) {
    const dates = new Intl.DateTimeFormat(locale, { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    fields.push({
      name: "Special hours",
      value: site.specialHours.map((special) => {
        const when = special.closed ? "Closed" : timeRange(special.opens!, special.closes!, locale);
        const from = dates.format(Date.parse(`${special.date}T00:00:00Z`));
        const through = special.through && special.through !== special.date ? ` to ${dates.format(Date.parse(`${special.through}T00:00:00Z`))}` : "";
        return `${from}${through}: ${when}`;
      }),
    });
  }
  if (site.company.founded) fields.push({ name: "Opening date", value: [String(site.company.founded)] });
  fields.push({ name: "Services", value: [...serviceNames] });
  fields.push({
    name: "Business description",
    value: [site.company.description],
    ...(site.company.description.length > PROFILE_DESCRIPTION ? { note: `${site.company.description.length} characters; the profile takes ${PROFILE_DESCRIPTION}` } : {}),
  });
  return fields.map((field) => ({ ...field, value: field.value.map((line) => line.replace(/[\u202f\u2009]/g, " ")) }));
}

/** HomeAndConstructionBusiness -> "Home and construction business"; HVACBusiness -> "HVAC business". */
function categoryWords(type: string): string {
  // An acronym keeps its capitals: HVACBusiness -> "HVAC business".
  const words = type
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(" ")
    .map((word, index) => (index > 0 && !/^[A-Z]{2,}$/.test(word) ? word.toLowerCase() : word));
  return words.join(" ");
}

/** The fields as lines to read or paste: the name, then its value, each further line indented under it. */
export function profileText(fields: readonly ProfileField[]): string {
  const width = Math.max(...fields.map((field) => field.name.length)) + 2;
  return fields
    .map((field) => {
      const [first = "", ...rest] = field.value;
      const lines = [`${field.name.padEnd(width)}${first}`, ...rest.map((line) => `${" ".repeat(width)}${line}`)];
      if (field.note) lines.push(`${" ".repeat(width)}(${field.note})`);
      return lines.join("\n");
    })
    .join("\n");
}
