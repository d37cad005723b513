/**
 * Town names as people write them, from the offline ZIP list's ("COEUR D ALENE", "Mc Graw",
 * "Saint Maries"): rules for Mc, O', d' and St., and the few names the rules get wrong.
 */
const KNOWN: Readonly<Record<string, string>> = {
  "land o lakes": "Land O' Lakes",
  dekalb: "DeKalb",
  desoto: "DeSoto",
};

/** Words a name keeps in lower case after its first word: "Lake of the Woods", "Howey in the Hills". */
const SMALL_WORDS = new Set(["of", "the", "on", "in", "and", "by", "upon"]);

/** Short forms people write: "St. Maries", "Ste. Genevieve". */
const SHORT_FORMS: Readonly<Record<string, string>> = { saint: "St.", sainte: "Ste." };

/** "Coeur d'Alene" for "COEUR D ALENE", "McCall" for "Mccall", "O'Fallon" for "O Fallon", "St. Maries" for "Saint Maries". */
export function townName(listed: string): string {
  const words = listed.trim().toLowerCase().split(/\s+/);
  const known = KNOWN[words.join(" ")];
  if (known) return known;
  const written: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const next = words[index + 1];
    // A lone Mc, O or D is the list's way of writing McGraw, O'Brien and Coeur d'Alene (D'Lo first).
    if (next !== undefined && (word === "mc" || word === "o" || word === "d")) {
      const joined = capitalize(next);
      written.push(word === "mc" ? `Mc${joined}` : word === "o" ? `O'${joined}` : `${index === 0 ? "D" : "d"}'${joined}`);
      index++;
    } else if (SHORT_FORMS[word]) written.push(SHORT_FORMS[word]);
    else if (index > 0 && SMALL_WORDS.has(word)) written.push(word);
    else written.push(capitalize(word));
  }
  return written.join(" ");
}

/** A word with capitals where people write them: each part of a hyphenated word, and after Mc. */
function capitalize(word: string): string {
  return word
    .split("-")
    .map((part) => (/^mc[a-z]/.test(part) ? `Mc${upperFirst(part.slice(2))}` : upperFirst(part)))
    .join("-");
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What two spellings of one town share ("St. Maries" and "Saint Maries", "Coeur d'Alene" and
 * "Coeur D Alene", "McGraw" and "Mc Graw"): lower case, St. spelled out, letters and digits only.
 */
export function townNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bst\b\.?/g, "saint")
    .replace(/\bste\b\.?/g, "sainte")
    .replace(/[^a-z0-9]/g, "");
}
