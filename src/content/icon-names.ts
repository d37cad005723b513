import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { closestFirst, suggest } from "../config/zod-problems.ts";
import { TOOL_ROOT } from "../paths.ts";
import { dependencyFolder } from "../tool-folders.js";

/**
 * The templates' own icons (templates/sections/icon.tsx's PATHS, in its order). A Lucide icon of
 * the same name (home, star, mail) is never used: the sprite keeps ours, so every site's sprite and
 * its hash stay as they were before Lucide's were added.
 */
export const OWN_ICONS = [
  "clock", "shield", "leaf", "home", "family", "badge", "calendar", "phone", "shed", "map",
  "chart", "star", "building", "tree", "check", "close", "menu", "arrow", "back", "mail",
] as const;

const OWN = new Set<string>(OWN_ICONS);

/** Where every Lucide icon can be seen, by name. */
export const LUCIDE_CATALOGUE = "https://lucide.dev/icons/";

/** lucide-static's folder of icons, one SVG file per name (aliases included). */
export function lucideIconsFolder(): string {
  const folder = dependencyFolder(TOOL_ROOT, "lucide-static");
  if (!folder) throw new Error("gopher-site's dependency lucide-static is not installed: run npm install");
  return path.join(folder, "icons");
}

let lucideNames: ReadonlySet<string> | undefined;

/** Lucide's icon names (its file names), read once: 2,000 names from one folder listing. */
export function lucideIconNames(): ReadonlySet<string> {
  lucideNames ??= new Set(readdirSync(lucideIconsFolder()).flatMap((file) => (file.endsWith(".svg") ? [file.slice(0, -4)] : [])));
  return lucideNames;
}

/** An icon content may name: one of ours or one of Lucide's. */
export function isIconName(name: string): boolean {
  return OWN.has(name) || lucideIconNames().has(name);
}

/** An icon the sprite reads from lucide-static: a Lucide name that is not one of ours. */
export function isLucideOnly(name: string): boolean {
  return !OWN.has(name) && lucideIconNames().has(name);
}

/** How many names an unknown icon's message lists: a typo's neighbours, on one line. */
const LISTED = 8;

/**
 * `unknown icon "snowflak"; did you mean "snowflake"? Closest: snowflake, ...`: first Lucide's icons
 * tagged with what was written (heat: flame), then the names that hold it (a name cut short), then
 * the rest by edit distance.
 */
export function unknownIconMessage(name: string): string {
  const written = name.toLowerCase();
  const all = closestFirst(name, [...OWN_ICONS, ...lucideIconNames()]);
  const holding = all.filter((other) => other.includes(written));
  const tagged = closestFirst(name, lucideTagged(written.replaceAll("-", " ")));
  const names = [...new Set([...tagged, ...holding, ...all])];
  const hint = suggest(name, names.slice(0, 1));
  const listed = names.slice(0, LISTED).join(", ");
  return `unknown icon "${name}"; ${hint ? `did you mean "${hint}"? Closest: ` : "closest: "}${listed} (the tool's own icons or any of ${LUCIDE_CATALOGUE})`;
}

/** Lucide's icons one of whose tags (lucide-static's tags.json: fire, cooling, water) is `words`; read only for a message. */
function lucideTagged(words: string): string[] {
  const tags = JSON.parse(readFileSync(path.join(lucideIconsFolder(), "../tags.json"), "utf8")) as Record<string, string[]>;
  return Object.entries(tags).flatMap(([icon, iconTags]) => (iconTags.some((tag) => tag.toLowerCase() === words) ? [icon] : []));
}

/** What a missing icon says: which names it takes. */
export const ICON_REQUIRED = `is required: one of the tool's own icons (${OWN_ICONS.join(", ")}) or any of ${LUCIDE_CATALOGUE} by its name`;

/**
 * The icons copy names, each once, sorted: the value of every `icon` key (the copy schemas name
 * every icon field so: a card's, a service's), whatever file or section it is in.
 */
export function iconsIn(values: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "icon" && typeof inner === "string") found.add(inner);
        else visit(inner);
      }
    }
  };
  visit(values);
  return [...found].sort();
}
