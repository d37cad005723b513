/**
 * The one dot-folder of public/ that is published: the web's place for files meant to be fetched
 * (RFC 8615): security.txt, ACME challenges, domain and app verification.
 */
const WELL_KNOWN = ".well-known";

/**
 * Whether a file in public/ (its path there, with / separators) is kept out of the built site and
 * of publish's versions: its name or a folder's on the way starts with a dot, as a `.env` of secrets
 * does, and it is not under public/.well-known/.
 */
export function isNeverPublished(pathInPublic: string): boolean {
  return pathInPublic.split("/").some((part, index) => part.startsWith(".") && !(index === 0 && part === WELL_KNOWN));
}

/** The one line the build and publish print for such files, named from the site's folder (`public/.env`). */
export function neverPublishedNotice(files: readonly string[], publicName = "public"): string {
  return (
    `Not published: ${[...files].sort().join(", ")} (files and folders starting with a dot are never published, ` +
    `being where secrets such as .env are kept; only ${publicName}/${WELL_KNOWN}/ is).`
  );
}
