import path from "node:path";
import type { OutputFile } from "../assets/output-file.ts";
import type { Site } from "../config/schema.ts";
import { TOOL_ROOT } from "../paths.ts";
import type { LanguagePages } from "./lead-pages.ts";
import { readLeadWords } from "./lead-words.ts";

/**
 * `_worker.js` for a site whose `leads.delivery` is cloudflare: src/leads/worker.ts bundled with
 * the form's checks and the site's settings (webhook, Turnstile, each language's error words, and
 * its home and thank-you page, where a post's answer may always send the visitor). None for any other site.
 */
export async function leadWorkerFiles(site: Site, contentDir: string, languages: LanguagePages): Promise<OutputFile[]> {
  if (site.leads?.delivery !== "cloudflare") return [];
  // esbuild is loaded only by a site that has a worker: every other build starts without it.
  const { build } = await import("esbuild");
  const settings = { webhook: site.leads.webhook, turnstile: Boolean(site.leads.turnstile), words: await readLeadWords(contentDir, site.languages), languages };
  const result = await build({
    entryPoints: [path.join(TOOL_ROOT, "src", "leads", "worker.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: true,
    write: false,
    define: { LEAD_SETTINGS: JSON.stringify(settings) },
    logLevel: "silent",
  });
  return [{ path: "_worker.js", data: result.outputFiles[0]!.text }];
}
