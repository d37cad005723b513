import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The page every unknown path gets, with status 404, unless its folder has one of its own. */
export const NOT_FOUND_PAGE = "/404.html";

/** A folder name that can be a language's (`es`, `pt-BR`, `zh_Hant`): nothing a server configuration must quote. */
const FOLDER = "[A-Za-z0-9][A-Za-z0-9_-]*";
const FOLDER_404 = new RegExp(`^(${FOLDER})/404\\.html$`);
const IN_FOLDER = new RegExp(`^/(${FOLDER})/`);

/**
 * The top-level folders of a built site that hold a 404.html of their own (a language's, such as
 * `es/404.html`), as request prefixes (`/es/`), sorted. Read from the output file paths, so
 * nothing is configured: a one-language site has none.
 */
export function notFoundFolders(outFiles: Iterable<string>): string[] {
  const folders: string[] = [];
  for (const file of outFiles) {
    // Most files are not a 404 page: a string test before the pattern keeps a 10,000-page plan cheap.
    const folder = file.endsWith("/404.html") ? FOLDER_404.exec(file)?.[1] : undefined;
    if (folder) folders.push(`/${folder}/`);
  }
  return folders.sort();
}

/** notFoundFolders of the site built in `out`, from its top-level folders on disk. */
export function readNotFoundFolders(out: string): string[] {
  const entries = readdirSync(out, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return notFoundFolders(entries.map((entry) => `${entry.name}/404.html`).filter((file) => isFile(path.join(out, file))));
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The 404 pages that may answer an unknown request path, nearest first: its top-level folder's
 * (`/es/nope` -> `/es/404.html`) when the path is inside one, then the site's.
 */
export function notFoundCandidates(requestPath: string): string[] {
  const folder = IN_FOLDER.exec(requestPath)?.[1];
  return folder ? [`/${folder}${NOT_FOUND_PAGE}`, NOT_FOUND_PAGE] : [NOT_FOUND_PAGE];
}

/** The 404 page a server configuration gives the paths under `prefix`, among the site's `folders`. */
export function notFoundPageFor(folders: readonly string[], prefix: string): string {
  const folder = folders.find((candidate) => prefix.startsWith(candidate));
  return folder ? `${folder}404.html` : NOT_FOUND_PAGE;
}
