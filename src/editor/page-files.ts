import { addedNameProblem, addedPageText, type AddedKind } from "../init/added-page.ts";
import { ownValue } from "../yaml-edit/edit-ops.ts";
import { PAGE_COPY } from "./project-files.ts";
import { idCopyFile } from "../page-kinds.ts";

/**
 * A save's change that starts a service's or own page's copy file from init's wording (`starter`),
 * or removes one (`remove`): which files may be, and the starter's text.
 */

/** Why `file` cannot be started from a starter or removed; undefined when it can. */
export function pageCopyRefusal(file: string, action: "starter" | "remove"): string | undefined {
  if (!PAGE_COPY.test(file)) return `${JSON.stringify(file)} is not a service's or own page's copy file; only those are ${action === "starter" ? "started" : "removed"} by a save`;
  // A translation starts from its language's text: the default language's, copied (create).
  if (action === "starter" && kindOf(file) === undefined) return `${file} is a translation; a starter is written in the default language only`;
  return undefined;
}

/** A service's or own page's default-language copy file: which, and its id. */
function kindOf(file: string): { kind: AddedKind; id: string } | undefined {
  const named = file.startsWith("content/") ? idCopyFile(file.slice("content/".length)) : undefined;
  return named && { kind: named.kind, id: named.id };
}

/**
 * The starter text of `file` for a page named `name`, filled with site.yaml's facts; a service's
 * hero picture is the first service's (`firstService`: its copy's values), one the site has.
 * A problem with the name, said for the owner, instead of a text.
 */
export async function starterText(file: string, name: string, site: unknown, firstService: unknown): Promise<{ text: string } | { problem: string }> {
  const problem = addedNameProblem(name);
  if (problem) return { problem: `the name ${JSON.stringify(name)} ${problem}` };
  const { kind, id } = kindOf(file)!;
  const text = (at: unknown, ...keys: string[]) => {
    const found = keys.reduce<unknown>((node, key) => ownValue(node, key), at);
    return typeof found === "string" ? found : "";
  };
  const cities = ownValue(site, "cities");
  const facts = {
    company: text(site, "company", "name"),
    phone: text(site, "phone", "display"),
    email: text(site, "email"),
    baseTown: text(site, "base", "town"),
    region: text(site, "base", "region"),
    towns: Array.isArray(cities) ? cities.map((city) => text(city, "name")) : [],
  };
  return { text: await addedPageText(kind, { id, name }, facts, text(firstService, "hero", "image")) };
}
