/** A lowercase slug of words, accents dropped: "Lake Oswego" -> lake-oswego, "Cañon City" -> canon-city. */
export function slugify(words: string): string {
  return words
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
