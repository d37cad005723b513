import { readFileSync } from "node:fs";
import path from "node:path";
import type { Site } from "../config/schema.ts";

/** The page every unknown path gets, with status 404, unless its language's folder has one of its own. */
export const NOT_FOUND_PAGE = "/404.html";

const IN_FOLDER = /^\/([^/]+)\//;

/**
 * The folders of the site's languages but the default, each with its own 404 page, as request
 * prefixes (`/es/`), sorted: from site.yaml, never guessed from the output (an article with the
 * slug `404` writes blog/404.html, and /blog/ is no language). A one-language site has none.
 */
export function languageFolders(site: Pick<Site, "languages">): string[] {
  return site.languages
    .slice(1)
    .map((language) => `/${language.code}/`)
    .sort();
}

/** A `_redirects` rule the build writes for a language's 404 page (redirectsFile): `/es/*  /es/404.html  404`. */
const LANGUAGE_RULE = /^(?<folder>\/[A-Za-z0-9][A-Za-z0-9_-]*\/)\*\s+\k<folder>404\.html\s+404$/;

/** The language folders a build's `_redirects` names, sorted; other lines are not the build's and are left alone. */
export function parseLanguageFolders(redirects: string): string[] {
  return redirects
    .split(/\r?\n/)
    .flatMap((line) => LANGUAGE_RULE.exec(line.trim())?.groups?.folder ?? [])
    .sort();
}

/**
 * The language folders of the site built in `out`, read back from the `_redirects` its build
 * wrote for them (preview and host-config see only the output, not site.yaml); none without one.
 */
export function readLanguageFolders(out: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(out, "_redirects"), "utf8");
  } catch {
    return [];
  }
  return parseLanguageFolders(text);
}

/**
 * The 404 pages that may answer an unknown request path, nearest first: its language's
 * (`/es/nope` -> `/es/404.html`) when the path is inside one of `folders`, then the site's.
 */
export function notFoundCandidates(requestPath: string, folders: readonly string[]): string[] {
  const folder = IN_FOLDER.exec(requestPath)?.[0];
  return folder && folders.includes(folder) ? [`${folder}404.html`, NOT_FOUND_PAGE] : [NOT_FOUND_PAGE];
}

/** The 404 page a server configuration gives the paths under `prefix`, among the site's `folders`. */
export function notFoundPageFor(folders: readonly string[], prefix: string): string {
  const folder = folders.find((candidate) => prefix.startsWith(candidate));
  return folder ? `${folder}404.html` : NOT_FOUND_PAGE;
}
