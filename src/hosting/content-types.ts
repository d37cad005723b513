/**
 * The Content-Type of each kind of file the site has, by extension: one table for preview and for
 * the nginx and Caddy configurations, so every host labels a file the same way whatever its own
 * defaults say (nginx's and Go's tables differ on JavaScript, XML and web manifests).
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".pdf": "application/pdf",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/** The media type without its parameters: `text/css; charset=utf-8` -> `text/css`. */
export function mediaType(contentType: string): string {
  return contentType.split(";", 1)[0]!.trim();
}

/** Text is worth compressing; images other than SVG and fonts already are compressed. */
export function isCompressible(contentType: string): boolean {
  return contentType.includes("charset=") || mediaType(contentType) === "image/svg+xml";
}

/** Each media type once, with the extensions that have it, in the table's order. */
export function extensionsByType(): Array<[type: string, extensions: string[]]> {
  const byType = new Map<string, string[]>();
  for (const [extension, type] of Object.entries(CONTENT_TYPES)) {
    byType.set(type, [...(byType.get(type) ?? []), extension.slice(1)]);
  }
  return [...byType];
}
