import path from "node:path";
import type { ChromeView, ConsentDefaults } from "../routes/page-props.ts";
import { nameByContent, type BuildScriptsResult } from "./build-scripts.ts";

/**
 * What the browser scripts need that is the same on every page: the lead provider's form, the
 * success toast, the tag manager. Written into the script bundle by the build, so no page carries
 * it (each page would otherwise repeat it in attributes), and cached with the script.
 */
export interface ClientSettings {
  /** The lead provider's form, when the site has one. */
  form?: { url: string; id: string; embedScript: string; allowedOrigins: string[] };
  toast: string;
  analyticsId?: string;
  /** Consent Mode defaults, with the tag manager only. */
  consent?: ConsentDefaults;
}

/** The string literal in templates/client/settings.ts that the build replaces with the settings. */
export const SETTINGS_PLACEHOLDER = "__GOPHER_SITE_SETTINGS__";

/** The settings of a site, from its shared page chrome. */
export function clientSettings(chrome: ChromeView): ClientSettings {
  const { leadForm } = chrome;
  return {
    ...(leadForm ? { form: { url: leadForm.formUrl, id: leadForm.formId, embedScript: leadForm.embedScriptUrl, allowedOrigins: leadForm.allowedOrigins } } : {}),
    toast: chrome.toast,
    ...(chrome.analyticsId ? { analyticsId: chrome.analyticsId } : {}),
    ...(chrome.consent ? { consent: chrome.consent } : {}),
  };
}

/**
 * The compiled scripts with the site's settings written in: the bundles are compiled once per
 * change of templates/, the settings change with site.yaml. A changed file is named after its new
 * content, and so is each file that imports it by name (a bundle importing a chunk on use), as
 * its content changes with that name; scripts that read no settings (the chunks imported on use,
 * which are given what they need; a project's own templates/client) stay as they are, under one
 * name in every language.
 */
export function withClientSettings<T extends Pick<BuildScriptsResult, "files" | "src"> & { bundles?: Record<string, string> }>(scripts: T, settings: ClientSettings): T {
  const literal = new RegExp(`(["'\`])${SETTINGS_PLACEHOLDER}\\1`, "g");
  // A string literal holding the JSON; line and paragraph separators escaped for older parsers.
  const json = JSON.stringify(JSON.stringify(settings)).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  const named = nameByContent(
    scripts.files.map((file) => {
      const code = Buffer.from(file.data as Uint8Array).toString("utf8");
      const filled = code.replace(literal, () => json);
      return { path: file.path, code: filled, rename: filled !== code };
    }),
    // `site.<hash>.js` -> `site.js`: the name the file had before it was named after its content.
    (file) => path.posix.basename(file).replace(/\.[A-Za-z0-9]{10}(\.[a-z0-9]+)$/, "$1"),
  );
  const renamed = new Map(named.filter((file) => file.path !== file.from).map((file) => [`/${file.from}`, `/${file.path}`]));
  const files = named.map((file, index) => (file.path === file.from ? scripts.files[index]! : { path: file.path, data: Buffer.from(file.code) }));
  const url = (src: string) => renamed.get(src) ?? src;
  const bundles = scripts.bundles && Object.fromEntries(Object.entries(scripts.bundles).map(([name, src]) => [name, url(src)]));
  return { ...scripts, files, src: url(scripts.src), ...(bundles ? { bundles } : {}) };
}
