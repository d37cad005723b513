import type { EditOp } from "../../yaml-edit/edit-ops.ts";

/** What else names a service by its id, and the edits that take the id out when it is removed. */
export interface ServiceMentions {
  /** Edits of site.yaml: the id out of each licence's shownOn. */
  siteOps: EditOp[];
  /** Edits of content/testimonials.yaml: each quote about it loses its `service` (the first service's page shows it). */
  testimonialOps: EditOp[];
  /** The licences' labels that list it, for the confirmation. */
  licenses: string[];
  /** The names under the quotes about it, for the confirmation. */
  quotes: string[];
}

interface Licence {
  label?: unknown;
  shownOn?: unknown;
}

interface Quote {
  name?: unknown;
  service?: unknown;
}

/**
 * Where a service's id is named besides its own entry and copy: licences' shownOn (site.yaml) and
 * testimonials' service. A removal takes it out of both in the same save, and says so first:
 * otherwise the save is refused one reason at a time (a licence, then a quote).
 */
export function serviceMentions(site: unknown, testimonials: unknown, id: string): ServiceMentions {
  const siteOps: EditOp[] = [];
  const licenses: string[] = [];
  const licenceList = ((site as { licenses?: unknown } | undefined)?.licenses ?? []) as Licence[];
  (Array.isArray(licenceList) ? licenceList : []).forEach((licence, index) => {
    const shownOn = Array.isArray(licence?.shownOn) ? licence.shownOn : [];
    // From the last, so each index still names its item when the one after it is gone.
    const at = shownOn.flatMap((place, position) => (place === id ? [position] : [])).reverse();
    if (at.length === 0) return;
    for (const position of at) siteOps.push({ op: "delete", path: ["licenses", index, "shownOn", position] });
    licenses.push(typeof licence.label === "string" ? licence.label : `licence ${index + 1}`);
  });
  const testimonialOps: EditOp[] = [];
  const quotes: string[] = [];
  const items = ((testimonials as { items?: unknown } | undefined)?.items ?? []) as Quote[];
  (Array.isArray(items) ? items : []).forEach((item, index) => {
    if (item?.service !== id) return;
    testimonialOps.push({ op: "delete", path: ["items", index, "service"] });
    quotes.push(typeof item.name === "string" ? item.name : `quote ${index + 1}`);
  });
  return { siteOps, testimonialOps, licenses, quotes };
}
