import type { Site } from "./schema.ts";
import { townNameKey } from "./town-names.ts";

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

const labels = new WeakMap<object, Map<string, string>>();

/**
 * Each town's name as it stands alone (lists, nearby buttons, breadcrumbs, the form's choices), by
 * slug: its name, or its name and state when another town of the site is called the same
 * ("Kansas City, MO" and "Kansas City, KS"). Worked out once per site.
 */
export function townLabels(site: Pick<Site, "base" | "cities" | "townsWithoutPage">): ReadonlyMap<string, string> {
  let made = labels.get(site);
  if (made) return made;
  const towns = [...site.cities, ...site.townsWithoutPage];
  const count = new Map<string, number>();
  for (const town of towns) count.set(townNameKey(town.name), (count.get(townNameKey(town.name)) ?? 0) + 1);
  made = new Map(towns.map((town) => [town.slug, (count.get(townNameKey(town.name)) ?? 0) > 1 ? townPlace(site, town) : town.name]));
  labels.set(site, made);
  return made;
}

/** "1200 Main St, Kansas City, MO 64105": the base's street, town, state and ZIP code; none without a street. */
export function streetAddress(site: Site): string | undefined {
  const { street, town, region, postalCode } = site.base;
  return street === undefined ? undefined : `${street}, ${town}, ${region}${postalCode ? ` ${postalCode}` : ""}`;
}
