import type { OutputFile } from "../assets/output-file.ts";
import type { Site } from "../config/schema.ts";
import type { Article } from "../content/article-schema.ts";
import type { Copy } from "../content/copy-schema.ts";
import type { BuiltImages, PlannedPage } from "../routes/page-props.ts";
import { defaultPaths } from "../routes/languages.ts";
import { absoluteUrl } from "../routes/urls.ts";
import { atomFeed, FEED_PATH } from "./feed.ts";
import { robotsTxt } from "./robots.ts";
import { SITEMAP_PATH, sitemapEntries, sitemapXml } from "./sitemap.ts";
import { MANIFEST_PATH, webManifest } from "./web-manifest.ts";

export interface SeoFilesOptions {
  site: Site;
  copy: Copy;
  siteUrl: string;
  pages: readonly PlannedPage[];
  articles: readonly Article[];
  images: BuiltImages;
}

/** sitemap.xml, robots.txt, the blog's Atom feed and the web manifest: pure, from the plan. */
export function seoFiles(options: SeoFilesOptions): OutputFile[] {
  const { site, copy, siteUrl } = options;
  const url = (path: string) => absoluteUrl(siteUrl, path);
  const file = (path: string, data: string): OutputFile => ({ path: path.slice(1), data });
  return [
    file(SITEMAP_PATH, sitemapXml(sitemapEntries(options.pages))),
    file("/robots.txt", robotsTxt(url(SITEMAP_PATH))),
    file(
      FEED_PATH,
      atomFeed({
        title: copy.blog.title,
        subtitle: copy.blog.description,
        author: site.company.name,
        feedUrl: url(FEED_PATH),
        blogUrl: url(defaultPaths(site).blog()),
        siteUrl: url("/"),
        entries: options.articles.map((article) => ({ article, url: url(defaultPaths(site).article(article.slug)) })),
      }),
    ),
    file(
      MANIFEST_PATH,
      webManifest({
        name: site.company.name,
        shortName: site.brand.shortName ?? site.company.name,
        description: site.company.description,
        themeColor: site.brand.themeColor,
        backgroundColor: site.brand.backgroundColor,
        icons: options.images.icons.manifest,
      }),
    ),
  ];
}
