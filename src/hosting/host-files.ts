import type { OutputFile } from "../assets/output-file.ts";
import type { Site } from "../config/schema.ts";
import { headersFile, hostingHeaders } from "./headers-file.ts";
import { languageFolders } from "./not-found-pages.ts";

/**
 * The `_redirects` file Netlify reads: one rule per folder with its own 404 page, which Netlify
 * does not pick by itself (Cloudflare Pages does). A rule without `!` applies only where no file
 * answers, so the folder's pages are still served. Undefined when there is no such folder.
 */
export function redirectsFile(folders: readonly string[]): string | undefined {
  if (folders.length === 0) return undefined;
  const rules = folders.map((folder) => `${folder}*  ${folder}404.html  404`);
  return `# Each language's 404 page for Netlify, made by gopher-site from the built pages.\n${rules.join("\n")}\n`;
}

/**
 * A host's settings of a build: `_headers`, and `_redirects` when site.yaml lists a second language.
 * `version`: the build writes its version (src/publish/site-version.ts), which `_headers` keeps fresh.
 */
export function hostSettingsFiles(site: Site, options: { version?: boolean } = {}): OutputFile[] {
  const redirects = redirectsFile(languageFolders(site));
  return [{ path: "_headers", data: headersFile(hostingHeaders(site, options)) }, ...(redirects ? [{ path: "_redirects", data: redirects }] : [])];
}
