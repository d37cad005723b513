import type { Site } from "./schema.ts";

export type LeadsSettings = NonNullable<Site["leads"]>;

/**
 * site.yaml's `leads` when the call-back modal holds the site's own form: a lead provider's form
 * (integrations.leadForm) takes precedence, so a site keeps its provider until it removes it.
 */
export function ownLeadForm(site: Pick<Site, "leads" | "integrations">): LeadsSettings | undefined {
  return site.integrations.leadForm ? undefined : site.leads;
}
