import type { Site } from "./config/schema.ts";

/** A town of site.yaml (a city, a town without a page): its state only when it is not the base town's. */
interface TownOfSite {
  name: string;
  region?: string;
}

/** The town's state (region): its own when site.yaml gives one, else the base town's. */
export function townRegion(site: Pick<Site, "base">, town: { region?: string } | undefined): string {
  return town?.region ?? site.base.region;
}

/** "Liberty Lake, WA": a town as headings, captions and structured data name it, with its own state. */
export function townPlace(site: Pick<Site, "base">, town: TownOfSite): string {
  return `${town.name}, ${townRegion(site, town)}`;
}

const byName = new WeakMap<object, Map<string, TownOfSite>>();

/** The town of site.yaml with this name (a testimonial's town): a city first, then a town without a page. */
export function townNamed(site: Pick<Site, "cities" | "townsWithoutPage">, name: string): TownOfSite | undefined {
  let towns = byName.get(site);
  if (!towns) {
    towns = new Map();
    for (const town of [...site.townsWithoutPage, ...site.cities]) towns.set(town.name, town);
    byName.set(site, towns);
  }
  return towns.get(name);
}
