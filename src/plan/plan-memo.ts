import { createConfigMemo } from "../config/config-memo.ts";
import type { ConfigMemo } from "../config/load-config.ts";
import { townLabels, townNamed } from "../config/town-place.ts";
import type { Site } from "../config/schema.ts";
import type { Edition } from "../content/edition.ts";
import type { PlannedPage } from "../routes/page-props.ts";
import type { OutputFormat } from "../routes/urls.ts";
import { sameData } from "./same-data.ts";

/**
 * What a dev server keeps from one build to the next so that what did not change is not made
 * again: site.yaml's pieces (config-memo.ts), and each town's page, made again only when one of
 * the values it is made from is not the very value it was made from last time. A value returned
 * from here is always one the same inputs made, so a build with a memo writes what a build without
 * one writes (tests/integration/rebuild-identity.test.ts); it is only sooner. An unchanged page is
 * then the same object as in the last build, which the rebuild's comparison sees at once.
 */
export interface PlanMemo {
  config: ConfigMemo;
  /** Starts a build: what the last build did not use is let go at the next start. */
  begin(): void;
  /** Ends the making of a build's plan: what it did not use is let go now. */
  end(): void;
  /** The value kept under `key` when it holds the same data as `value` (and from now on `value` otherwise): equal data, one object. */
  same<T>(key: string, value: T): T;
  /** The list kept under `key` when each of `values` is the very value it holds; otherwise `values`, kept from now on: one object for many `made` inputs. */
  list(key: string, values: readonly unknown[]): readonly unknown[];
  /** What `make` made last time under `key`, when every one of `inputs` is the very value it was then; otherwise `make()`. */
  made<T>(key: string, inputs: readonly unknown[], make: () => T): T;
}

interface Made {
  inputs: readonly unknown[];
  value: unknown;
}

export function createPlanMemo(): PlanMemo {
  let last = new Map<string, Made>();
  let current = new Map<string, Made>();
  const kept = new Map<string, unknown>();
  return {
    config: createConfigMemo(),
    begin() {
      last = current.size > 0 ? current : last;
      current = new Map();
    },
    end() {
      if (current.size > 0) last = new Map();
    },
    same(key, value) {
      const before = kept.get(key);
      if (before !== undefined && sameData(before, value)) return before as typeof value;
      kept.set(key, value);
      return value;
    },
    list(key, values) {
      const before = kept.get(key) as readonly unknown[] | undefined;
      if (before && sameValues(before, values)) return before;
      kept.set(key, values);
      return values;
    },
    made(key, inputs, make) {
      const before = current.get(key) ?? last.get(key);
      if (before && sameValues(before.inputs, inputs)) {
        current.set(key, before);
        return before.value as ReturnType<typeof make>;
      }
      const value = make();
      current.set(key, { inputs, value });
      return value;
    },
  };
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What a town's page is made from besides the town itself (plan-routes.ts): site.yaml's settings,
 * the language's copy and its words, its licences and review claim, the town's paragraph and name
 * in the language, and its nearby towns as they are named and placed. Equal data is one object
 * (memo.same), so a town whose inputs are all the very values of last time is not made again.
 */
export function townPageReuse(memo: PlanMemo, site: Site, edition: Edition, options: { siteUrl?: string; format?: OutputFormat }) {
  const { code } = edition;
  const language = memo.same(`language route ${code}`, { code, prefix: edition.prefix, locale: edition.locale, isDefault: edition.isDefault, settings: edition.settings, pending: edition.pending });
  const withPage = new Map(site.cities.map((town) => [town.slug, town]));
  const withoutPage = new Map(site.townsWithoutPage.map((town) => [town.slug, town]));
  // A testimonial names its customer's town, which its place is read from (its name, its state).
  const quoted = edition.copy.testimonials.items.map((item) => [item.town, townNamed(site, item.town)]).flat();
  const shared = memo.list(`town ${code}`, [...settingsOf(site), memo.same(`copy ${code}`, edition.copy), language, memo.same(`licenses ${code}`, edition.licenses), edition.facts.reviewClaim, options.siteUrl, options.format, ...quoted]);
  return (city: Site["cities"][number], make: () => PlannedPage) => {
    // A town's name where it stands alone has its state when another town has its name (town-place.ts).
    const labels = townLabels(site);
    const inputs: unknown[] = [shared, city, edition.cityIntros[city.slug], edition.cityNames[city.slug], labels.get(city.slug)];
    // A nearby town is a link, named and placed as it is (the whole town: one object while it is
    // unchanged, config-memo.ts), with or without a page of its own.
    for (const slug of city.nearby) inputs.push(withPage.get(slug) ?? withoutPage.get(slug), withPage.has(slug), edition.cityNames[slug], labels.get(slug));
    return memo.made(`${code} town ${city.slug}`, inputs, make);
  };
}

/** What the list of every town nearest first is made from: site.yaml's settings, and each town's name, address and place. */
export function townListInputs(memo: PlanMemo, site: Site, edition: Edition): unknown[] {
  const inputs: unknown[] = [memo.list("town list", settingsOf(site))];
  const labels = townLabels(site);
  for (const town of site.cities) inputs.push(town.name, town.slug, town.lat, town.lng, edition.cityNames[town.slug], labels.get(town.slug));
  return inputs;
}

/** site.yaml's values but the towns with a page: the same objects while that part of the file is unchanged (config-memo.ts). */
export function settingsOf(site: Site): unknown[] {
  return Object.entries(site).flatMap(([key, value]) => (key === "cities" ? [] : [key, value]));
}
