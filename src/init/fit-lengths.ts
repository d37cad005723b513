import { LIMITS } from "../content/quality.ts";

/**
 * The starter's page titles and descriptions name the owner's answers (company, service, towns),
 * so their length depends on them, and `check --strict` refuses one past its limit. In the
 * starter's files, `[[long||short]]` in a top-level `title` or `description` is a wording init
 * shortens when the filled text would be too long, and `[[part]]` one it leaves out: the last
 * first, until the text fits. The site init writes then passes `check --strict` as written.
 */
const CHOICE = /\[\[([\s\S]*?)\]\]/g;

/** A top-level title or description: its key's line and a folded value's indented lines. */
const HEAD_FIELD = /^(title|description):.*(?:\n[ \t]+\S.*)*/gm;

/** What `{name}` placeholders are filled with when the site is built; `{city}` takes each town's name. */
export interface StarterFacts {
  facts: Readonly<Record<string, string>>;
  towns: readonly string[];
}

/**
 * Chooses each `[[...]]` of a starter file's titles and descriptions (filled with the answers) for
 * their length; brackets elsewhere (a company named with them, in site.yaml) are the owner's text.
 */
export function fitLengths(text: string, file: string, known: StarterFacts): string {
  return text.replace(HEAD_FIELD, (field, key: "title" | "description") => (field.includes("[[") ? fitField(field, LIMITS[key], file, known) : field));
}

function fitField(field: string, limit: number, file: string, known: StarterFacts): string {
  const choices = [...field.matchAll(CHOICE)].map((match) => {
    const [long, short = ""] = match[1]!.split("||");
    return { long: long!, short };
  });
  const shortened = choices.map(() => false);
  const write = () => {
    let index = 0;
    const chosen = field.replace(CHOICE, () => {
      const choice = choices[index]!;
      return shortened[index++] ? choice.short : choice.long;
    });
    // A folded line left empty would be a line break in the value.
    return chosen.replace(/\n[ \t]+(?=\n|$)/g, "");
  };
  for (let last = choices.length - 1; last >= 0 && filledLength(write(), file, known) > limit; last--) shortened[last] = true;
  return write();
}

/** The length of a field's value once built: quotes and folding undone, every placeholder filled. */
function filledLength(field: string, file: string, { facts, towns }: StarterFacts): number {
  let value = field.replace(/^\w+:[ \t]*(?:>-?[ \t]*\n)?/, "").replace(/\n[ \t]+/g, " ").trim();
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
  const fill = (city: string) =>
    value.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => {
      const filled = name === "city" ? city : facts[name];
      if (filled === undefined) throw new Error(`the starter file ${file} has {${name}} in a title or description, which init cannot measure`);
      return filled;
    });
  return Math.max(...(value.includes("{city}") ? towns : [""]).map((town) => fill(town).length));
}
