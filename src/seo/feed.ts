import { compareText } from "../compare-text.ts";
import type { Article } from "../content/article-schema.ts";
import { xmlEscape } from "./xml.ts";

/** The blog's Atom feed sits with the blog; every page's head links to it. */
export const FEED_PATH = "/blog/feed.xml";

export interface AtomFeedOptions {
  title: string;
  subtitle: string;
  author: string;
  /** Absolute URLs. */
  feedUrl: string;
  blogUrl: string;
  siteUrl: string;
  entries: Array<{ article: Article; url: string }>;
}

/**
 * An Atom feed of every article, newest first, with its summary and full text. Dates come from
 * front matter (not the build time), so an unchanged blog gives a byte-identical feed.
 */
export function atomFeed(options: AtomFeedOptions): string {
  const entries = [...options.entries].sort((a, b) => compareText(b.article.date, a.article.date) || compareText(a.url, b.url));
  const updated = entries[0] ? instant(entries[0].article.date) : "1970-01-01T00:00:00Z";
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    // xml:base resolves the site-relative links inside the articles' text.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${xmlEscape(options.siteUrl)}">`,
    `  <id>${xmlEscape(options.feedUrl)}</id>`,
    `  <title>${xmlEscape(options.title)}</title>`,
    `  <subtitle>${xmlEscape(options.subtitle)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlEscape(options.author)}</name><uri>${xmlEscape(options.siteUrl)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlEscape(options.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlEscape(options.blogUrl)}"/>`,
    ...entries.map(({ article, url }) =>
      [
        `  <entry>`,
        `    <id>${xmlEscape(url)}</id>`,
        `    <title>${xmlEscape(article.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>`,
        `    <published>${instant(article.date)}</published>`,
        `    <updated>${instant(article.date)}</updated>`,
        `    <category term="${xmlEscape(article.category)}"/>`,
        `    <summary>${xmlEscape(article.excerpt)}</summary>`,
        `    <content type="html">${xmlEscape(article.html.join(""))}</content>`,
        `  </entry>`,
      ].join("\n"),
    ),
    `</feed>`,
  ];
  return `${lines.join("\n")}\n`;
}

/** A calendar day as the instant Atom requires: midnight UTC. */
function instant(date: string): string {
  return `${date}T00:00:00Z`;
}
