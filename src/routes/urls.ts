export type OutputFormat = "file" | "directory";

/** Where the page for a clean path is written: `/about` -> `about.html` or `about/index.html`. */
export function outFileFor(pagePath: string, format: OutputFormat): string {
  if (pagePath === "/") return "index.html";
  const clean = pagePath.replace(/^\/+|\/+$/g, "");
  return format === "file" ? `${clean}.html` : `${clean}/index.html`;
}

/** The public address of a page: site URL plus path, with no trailing slash except for the home page. */
export function absoluteUrl(siteUrl: string, pagePath: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${pagePath === "/" ? "/" : pagePath}`;
}

/** Appends a query parameter to an https URL, keeping any it already has. */
export function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}
