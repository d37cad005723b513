import { isDeepStrictEqual } from "node:util";
import { readYamlValues } from "../config/read-yaml.ts";
import { splitMarkdown } from "../content/front-matter.ts";
import type { SiteInput } from "../config/schema.ts";
import type { FileChange } from "./site-repository.ts";

/** A changed file with its text before and after (undefined: not there, or not text we read). */
export interface ChangedText extends FileChange {
  before?: string;
  after?: string;
}

// site.yaml's keys in the owner's words: every key of the schema (a key added there must be worded here).
const SETTING_WORDS: Record<Exclude<keyof SiteInput, "cities">, string> = {
  $schema: "Schema address",
  company: "Company name or description",
  brand: "Logo and colours",
  siteUrl: "Site address",
  format: "Page address format",
  phone: "Phone number",
  email: "E-mail address",
  base: "Base town or address",
  businessType: "Business type",
  cityPath: "Town page addresses",
  services: "Services",
  pages: "Own pages",
  licenses: "Licences",
  reviews: "Reviews",
  warranty: "Warranty",
  results: "Results",
  callbackMinutes: "Call-back time",
  prices: "Prices",
  facts: "Facts",
  copyrightYear: "Copyright year",
  legal: "Legal details",
  integrations: "Integrations",
  leads: "Quote requests",
  openingHours: "Opening hours",
  specialHours: "Special opening days",
  emergency: "Emergency number",
  notice: "Notice",
  timeZone: "Time zone",
  languages: "Languages",
  defaultLocation: "Default location",
  townsWithoutPage: "Towns without a page",
};

/** Each change in words, e.g. ["Phone number changed", "Sun City added", "Article 'Gophers in winter' added"]. */
export function changesInWords(changes: readonly ChangedText[], configName = "site.yaml"): string[] {
  const words = changes.flatMap((change) => (change.path === configName ? settingsInWords(change) : [fileInWords(change)]));
  return [...new Set(words)];
}

/** A version's message from its changes in words: "Phone number changed; Sun City added". */
export function messageInWords(words: readonly string[]): string {
  if (words.length === 0) return "Site changed";
  const shown = words.length > 6 ? [...words.slice(0, 5), `${words.length - 5} more changes`] : words;
  return shown.join("; ");
}

function settingsInWords(change: ChangedText): string[] {
  const before = record(change.before);
  const after = record(change.after);
  if (!before || !after) return [change.kind === "changed" ? "Settings changed" : `Settings ${change.kind}`];
  const words: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDeepStrictEqual(before[key], after[key])) continue;
    if (key === "cities") words.push(...listInWords(before[key], after[key], "slug", "name", "Towns reordered"));
    else if (key === "services") words.push(...listInWords(before[key], after[key], "id", "id", "Services reordered").map((text) => `Service ${text}`));
    else words.push(`${(Object.hasOwn(SETTING_WORDS, key) ? SETTING_WORDS[key as keyof typeof SETTING_WORDS] : undefined) ?? `Setting '${key}'`} ${key in before ? (key in after ? "changed" : "removed") : "added"}`);
  }
  return words;
}

/** A list of named entries compared by key: "Sun City added", "Menifee changed", "Perris removed". */
function listInWords(before: unknown, after: unknown, key: string, name: string, reordered: string): string[] {
  const entries = (list: unknown) => new Map((Array.isArray(list) ? list : []).map((entry) => [String(entry?.[key] ?? entry?.[name]), entry as Record<string, unknown>]));
  const old = entries(before);
  const now = entries(after);
  const words: string[] = [];
  for (const [id, entry] of now) {
    const was = old.get(id);
    if (!was) words.push(`${entry[name] ?? id} added`);
    else if (!isDeepStrictEqual(was, entry)) words.push(`${entry[name] ?? id} changed`);
  }
  for (const [id, entry] of old) if (!now.has(id)) words.push(`${entry[name] ?? id} removed`);
  if (words.length === 0 && !isDeepStrictEqual(before, after)) words.push(reordered);
  return words;
}

function fileInWords(change: ChangedText): string {
  const parts = change.path.split("/");
  if (parts[0] === "public") return `${/\.(avif|gif|jpe?g|png|svg|webp)$/i.test(change.path) ? "Picture" : "File"} ${parts.slice(1).join("/")} ${change.kind}`;
  // content/<language>/... holds a language's versions of the default language's files.
  const language = parts.length > 2 && /^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(parts[1]!) && parts[1] !== "own" ? parts[1] : undefined;
  const what = copyFileWords(parts.slice(language ? 2 : 1), change);
  return `${what ?? change.path}${language ? ` (${language})` : ""} ${change.kind}`;
}

/** A file of content/ (its path inside the language's folder) in words, or undefined for one we have none for. */
function copyFileWords(parts: readonly string[], change: ChangedText): string | undefined {
  const name = parts.at(-1)!.replace(/\.(ya?ml|md)$/, "");
  if (parts.length === 1) return FILE_WORDS[name];
  switch (parts[0]) {
    case "pages":
      return `${capitalise(name.replace(/-/g, " "))} page text`;
    case "services":
      return `Service '${name}' text`;
    case "own":
      return `Page '${name}'`;
    case "blog":
      return `Article '${title(change) ?? name}'`;
    case "legal":
      return `Legal page '${title(change) ?? name}'`;
    default:
      return undefined;
  }
}

const FILE_WORDS: Record<string, string> = {
  faq: "FAQ",
  testimonials: "Testimonials",
  chrome: "Header and footer words",
  cities: "Town texts",
  language: "Language settings",
};

function title(change: ChangedText): string | undefined {
  const text = change.after ?? change.before;
  const parts = text === undefined ? undefined : splitMarkdown(text);
  const data = parts && record(parts.yaml);
  return typeof data?.title === "string" ? data.title : undefined;
}

function record(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const parsed = readYamlValues("", text, [])?.data;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
