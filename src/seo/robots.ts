/** robots.txt: every page may be crawled, and here is the sitemap (an absolute URL, as the format requires). */
export function robotsTxt(sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`;
}
