import type { PlannedPage } from "../routes/page-props.ts";
import { xmlEscape } from "./xml.ts";

export const SITEMAP_PATH = "/sitemap.xml";

export interface SitemapEntry {
  /** Absolute URL of the page. */
  url: string;
  /** yyyy-mm-dd, only where the content says when it changed (articles, legal pages). */
  lastModified?: string;
  /** The page in each language, then x-default: on a site with more than one language. */
  alternates?: Array<{ hreflang: string; href: string }>;
}

/** Every page search engines should index: all but those marked noindex (the 404 page). */
export function sitemapEntries(pages: readonly PlannedPage[]): SitemapEntry[] {
  return pages
    .filter((page) => !page.head.noindex)
    .map((page) => ({ url: page.head.canonical, lastModified: lastModified(page), alternates: page.head.languages?.alternates }));
}

/** The sitemap protocol's XML; no priority or changefreq, which search engines ignore. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
    const alternates = (entry.alternates ?? []).map((link) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(link.hreflang)}" href="${xmlEscape(link.href)}"/>`);
    return `  <url><loc>${xmlEscape(entry.url)}</loc>${lastmod}${alternates.join("")}</url>\n`;
  });
  // The xhtml namespace only where a page has language versions: a one-language sitemap is unchanged.
  const xhtml = entries.some((entry) => entry.alternates?.length) ? ` xmlns:xhtml="http://www.w3.org/1999/xhtml"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join("")}</urlset>\n`;
}

function lastModified(page: PlannedPage): string | undefined {
  if (page.template === "article") return page.page.article.date;
  if (page.template === "legal") return page.page.legal.updated;
  return undefined;
}
