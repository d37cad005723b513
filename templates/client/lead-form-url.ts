/** Page-address parameters forwarded to the lead form, as [name on the page, name the form expects]. */
const FORWARDED: ReadonlyArray<readonly [string, string]> = [
  ["gclid", "gclid_value"],
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
];

/**
 * The call-back form's iframe address: the configured form URL plus the ad-click and campaign
 * parameters of the page address and `source_page` = the current path. Empty ones are omitted.
 */
export function leadFormUrl(formUrl: string, search: string, path: string): string {
  const page = new URLSearchParams(search);
  const url = new URL(formUrl);
  for (const [from, to] of FORWARDED) {
    const value = page.get(from);
    if (value && value.trim()) url.searchParams.set(to, value);
  }
  if (path) url.searchParams.set("source_page", path);
  return url.href;
}
