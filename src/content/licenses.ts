import type { Site } from "../config/schema.ts";
import { licenseText } from "./placeholders.ts";

/** footer, about, legal or a service's id (src/config/cross-checks.ts' licensePlacesExist). */
type Place = string;

/** A licence as one language shows it, and where it is shown. */
export interface LicenseLine {
  name: string;
  /** "Label #number", the label in the page's language. */
  text: string;
  shownOn: readonly Place[];
}

/** The licences with a language's names for them (by licence name) and site.yaml's numbers. */
export function licenseLines(site: Site, labels: Readonly<Record<string, string>> = {}): LicenseLine[] {
  return site.licenses.map((license) => ({
    name: license.name,
    text: licenseText({ label: labels[license.name] ?? license.label, number: license.number }),
    shownOn: license.shownOn,
  }));
}

/** The texts of the licences shown on `place`, in site.yaml's order. */
export function licensesOn(lines: readonly LicenseLine[], place: Place): string[] {
  return lines.filter((line) => line.shownOn.includes(place)).map((line) => line.text);
}
