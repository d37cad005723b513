import type { ImageFile } from "../routes/page-props.ts";

export const MANIFEST_PATH = "/site.webmanifest";

export interface WebManifestOptions {
  name: string;
  shortName: string;
  description: string;
  themeColor: string;
  backgroundColor: string;
  icons: ImageFile[];
}

/** The web app manifest: name and icons for "add to home screen"; it opens as a web page. */
export function webManifest(options: WebManifestOptions): string {
  const manifest = {
    name: options.name,
    short_name: options.shortName,
    description: options.description,
    start_url: "/",
    scope: "/",
    display: "browser",
    theme_color: options.themeColor,
    background_color: options.backgroundColor,
    icons: options.icons.map((icon) => ({ src: icon.path, sizes: `${icon.width}x${icon.height}`, type: icon.type })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
