// The edits npm run bench:dev times, as an owner makes them: each made from the file's first text,
// so every save differs from the one before and the file never grows. Text edits, not a parse and
// dump, so only the saved words change, as in a person's editor.
import { parse } from "yaml";

/** A file edit: the path in the project and the text of save `i` from the file's original text. */
export interface FileEdit {
  name: string;
  file: string;
  change(original: string, i: number): string;
  /** Saved as some editors do (VS Code, nano): the file truncated and written again, not replaced by a rename. */
  inPlace?: boolean;
}

/** The town the town edits change: the middle of site.yaml's cities (a synthetic one when there are any). */
export function middleTown(yaml: string): { index: number; slug: string; intro: string } {
  const cities = (parse(yaml) as { cities?: Array<{ slug: string; intro?: string }> }).cities ?? [];
  const index = Math.floor(cities.length / 2);
  const city = cities[index];
  if (!city?.intro) throw new Error(`site.yaml's city ${index + 1} (${city?.slug ?? "none"}) has no intro to edit`);
  return { index, slug: city.slug, intro: city.intro };
}

/** The paragraph with its last word replaced (its full stop kept): one word of the owner's copy changed per save. */
export function changeWord(paragraph: string, i: number): string {
  return paragraph.replace(/[^\s.!?]+(?=[.!?]*\s*$)/, `edit${i}`);
}

/** site.yaml with the town's `intro:` block's last line changed by one word. */
export function editTownIntro(yaml: string, slug: string, i: number): string {
  const entry = new RegExp(`\\n {4}slug: ${slug}\\n(?: {4}.*\\n)*? {4}intro: [>|]-?\\n((?: {6}.*\\n?)+)`);
  const match = yaml.match(entry);
  if (!match) throw new Error(`site.yaml: no folded intro found for the town ${slug}`);
  const lines = match[1]!.replace(/\n$/, "").split("\n");
  lines[lines.length - 1] = changeWord(lines.at(-1)!, i);
  const start = match.index! + match[0].length - match[1]!.length;
  return `${yaml.slice(0, start)}${lines.join("\n")}${match[1]!.endsWith("\n") ? "\n" : ""}${yaml.slice(start + match[1]!.length)}`;
}

/** Save `i`'s phone number: display and tel say the same number (the config checks they agree). */
export function phoneNumber(i: number): { display: string; tel: string } {
  const digits = String(2000 + i).padStart(4, "0");
  return { display: `(951) 555-${digits}`, tel: `+1951555${digits}` };
}

/** site.yaml with the top-level phone block's display and tel both changed. */
export function editPhone(yaml: string, i: number): string {
  const { display, tel } = phoneNumber(i);
  const block = /^phone:\n {2}display: .*\n {2}tel: .*$/m;
  if (!block.test(yaml)) throw new Error("site.yaml: no top-level phone block with display then tel");
  return yaml.replace(block, `phone:\n  display: ${display}\n  tel: "${tel}"`);
}

/** The dev server's edits: an article, a town's paragraph, the phone on every page, the stylesheet. */
export function devEdits(town: string): FileEdit[] {
  return [
    { name: "article", file: "content/blog/gopher-damage-costs.md", change: (text, i) => text.replace(/\n$/, `\nEdit ${i}.\n`) },
    { name: `town paragraph (${town})`, file: "site.yaml", change: (text, i) => editTownIntro(text, town, i) },
    { name: `town paragraph (${town}), saved in place`, file: "site.yaml", change: (text, i) => editTownIntro(text, town, i), inPlace: true },
    { name: "phone (every page)", file: "site.yaml", change: editPhone },
    { name: "stylesheet", file: "templates/styles/site.css", change: (text, i) => `${text}\n.bench-${i} { color: red; }\n` },
  ];
}
