import * as z from "zod";
import { OUTSIDE_PUBLIC, staysInPublic } from "../public-file.ts";
import type { LinkedHtml } from "./markdown.ts";

const line = z.string().trim().min(1, "must not be empty").max(300, "is too long (300 characters at most)");

/** Front matter of content/blog/*.md. */
export const articleFrontMatter = z.strictObject({
  title: line,
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens"),
  excerpt: line.max(400),
  description: line.max(200, "keep the description under 200 characters"),
  image: z.string().regex(/^\/[A-Za-z0-9_\-/.]+\.(svg|png|jpe?g|webp|avif)$/, "must be a path under public/, e.g. /images/blog/post.svg").refine(staysInPublic, OUTSIDE_PUBLIC),
  imageAlt: line,
  date: z.iso.date({ message: "must be a date written yyyy-mm-dd" }),
  category: line.max(60),
});

export type ArticleFrontMatter = z.output<typeof articleFrontMatter>;

export interface Article extends ArticleFrontMatter {
  /** The body rendered to HTML, its links to the site's pages apart (LinkedHtml). */
  html: LinkedHtml;
  words: number;
  /** Where it came from, for messages. */
  file: string;
  /** The default language's slug of this article (its own slug in the default language). */
  translationOf: string;
}

export interface LegalPage {
  /** `privacy-policy` */
  slug: string;
  title: string;
  description: string;
  heading: string;
  updated?: string;
  /** The body rendered to HTML, its links to the site's pages apart (LinkedHtml). */
  html: LinkedHtml;
  file: string;
}
