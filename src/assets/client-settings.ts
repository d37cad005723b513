import path from "node:path";
import type { ChromeView, ConsentDefaults } from "../routes/page-props.ts";
import type { BuildScriptsResult } from "./build-scripts.ts";
import { hashedName } from "./content-hash.ts";

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
 * The compiled scripts with the site's settings written in: the bundle is compiled once per
 * change of templates/, the settings change with site.yaml. A changed file is named after its new
 * content; scripts that read no settings (a project's own templates/client) stay as they are.
 */
export function withClientSettings(scripts: BuildScriptsResult, settings: ClientSettings): BuildScriptsResult {
  const literal = new RegExp(`(["'\`])${SETTINGS_PLACEHOLDER}\\1`, "g");
  // A string literal holding the JSON; line and paragraph separators escaped for older parsers.
  const json = JSON.stringify(JSON.stringify(settings)).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  let src = scripts.src;
  const files = scripts.files.map((file) => {
    const code = Buffer.from(file.data as Uint8Array).toString("utf8");
    const filled = code.replace(literal, () => json);
    if (filled === code) return file;
    const renamed = { path: path.posix.join(path.posix.dirname(file.path), hashedName("site.js", filled)), data: Buffer.from(filled) };
    if (`/${file.path}` === scripts.src) src = `/${renamed.path}`;
    return renamed;
  });
  return { files, src };
}
