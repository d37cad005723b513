import { readFile } from "node:fs/promises";
import path from "node:path";
import { TOOL_ROOT } from "../paths.ts";
import { fitLengths } from "./fit-lengths.ts";
import { titleCase } from "./services.ts";
import { fill } from "./starter.ts";

/** A page the owner adds after init: a service, or a page of their own. */
export type AddedKind = "service" | "own";

/** The starter words of an added page: src/init/added/, filled and fitted as init's starter is. */
const ADDED_DIR = path.join(TOOL_ROOT, "src", "init", "added");

/**
 * What is wrong with a name for an added page, or undefined. The name is written into titles,
 * headings and text: no placeholder braces, brackets (init's wording choices), quotes or line breaks.
 */
export function addedNameProblem(name: string): string | undefined {
  if (name.trim() !== name || name.length < 2 || name.length > 60) return "must be 2 to 60 characters, with no space at either end";
  if (!/^[\p{L}\p{N}][\p{L}\p{N} &'’.,/+-]*$/u.test(name)) return "may have letters, digits, spaces and & ' . , / + - only";
  return undefined;
}

/** The facts an added page's wording names, from site.yaml's values. */
export interface AddedPageFacts {
  company: string;
  phone: string;
  email: string;
  baseTown: string;
  region: string;
  towns: readonly string[];
}

/**
 * The starter text of a service or own page named `name` (as the owner wrote it), with its `id` in
 * its first comment; a service's hero takes `heroImage` (the site's first service's).
 */
export async function addedPageText(kind: AddedKind, page: { id: string; name: string }, facts: AddedPageFacts, heroImage = ""): Promise<string> {
  const file = `${kind}.yaml`;
  const { name } = page;
  const values = {
    id: page.id,
    service: name,
    Service: name.charAt(0).toUpperCase() + name.slice(1),
    ServiceTitle: titleCase(name),
    nameYaml: JSON.stringify(titleCase(name)),
    heroImageYaml: JSON.stringify(heroImage),
    // The company's name after a title, left out where the title would be too long (fit-lengths.ts).
    titleSuffix: "[[ | {company}]]",
  };
  const { towns, ...named } = facts;
  const known = { facts: { ...named, baseTown: `${facts.baseTown}, ${facts.region}` }, towns };
  return fitLengths(fill(await readFile(path.join(ADDED_DIR, file), "utf8"), values, file), file, known);
}
