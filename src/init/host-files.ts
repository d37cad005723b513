import { readFile } from "node:fs/promises";
import path from "node:path";
import { TOOL_ROOT } from "../paths.ts";
import type { Host } from "./answers.ts";
import type { StarterFile } from "./starter.ts";

/** deploy/ in the package: the files a site's repository needs to publish on a host. */
const DEPLOY_DIR = path.join(TOOL_ROOT, "deploy");

/**
 * The files that make `publish` go live on the chosen host, from deploy/: GitHub Pages' workflow,
 * Netlify's settings, Cloudflare Pages' project settings. A server of one's own needs none in the
 * repository (`gopher-site serve` and `host-config` run there).
 */
export async function hostFiles(host: Host | undefined, project: string, today: Date): Promise<StarterFile[]> {
  switch (host) {
    case "github-pages":
      return [{ path: ".github/workflows/publish.yml", data: await readFile(path.join(DEPLOY_DIR, "github-pages.yml"), "utf8") }];
    case "netlify":
      return [{ path: "netlify.toml", data: await readFile(path.join(DEPLOY_DIR, "netlify.toml"), "utf8") }];
    case "cloudflare":
      return [{ path: "wrangler.toml", data: (await readFile(path.join(DEPLOY_DIR, "wrangler.toml"), "utf8")).replace("{{project}}", project).replace("{{today}}", today.toISOString().slice(0, 10)) }];
    default:
      return [];
  }
}

/** What to do once, by hand, for the host to publish each push: said after init's next steps. */
export function hostStep(host: Host | undefined): string | undefined {
  switch (host) {
    case "github-pages":
      return "on GitHub, Settings > Pages > Source: GitHub Actions; then each publish goes live (.github/workflows/publish.yml)";
    case "netlify":
      return "on Netlify, add the repository as a site: netlify.toml holds the build; each publish goes live";
    case "cloudflare":
      return "on Cloudflare, create a Pages project from the repository (wrangler.toml holds the output folder) and set its webhook and GOPHER_SITE_LEAD_SECRET (docs/taking-requests.md)";
    case "server":
      return "on your server: gopher-site serve behind nginx or Caddy (gopher-site host-config; docs/taking-requests.md)";
    default:
      return undefined;
  }
}
