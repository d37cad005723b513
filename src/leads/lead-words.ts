import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseYamlDocument } from "../config/yaml-source.ts";
import type { FieldError, LeadWords } from "./lead-form.ts";

/** Said when a language's chrome.yaml has no leadForm.errors (a site made before the form had them). */
const FALLBACK: LeadWords = { required: "Please fill this in.", phone: "Please enter a phone number we can call back." };

/**
 * Each language's words for the form's errors, from its chrome.yaml's `leadForm.errors` (the
 * default language's content/chrome.yaml, another's content/<code>/chrome.yaml); a missing word is
 * the default language's, then a plain English one. The build has checked these files already.
 */
export async function readLeadWords(contentDir: string, languages: readonly { code: string }[]): Promise<Record<string, LeadWords>> {
  const read = async (file: string): Promise<Partial<LeadWords>> => {
    try {
      const errors = (parseYamlDocument(await readFile(file, "utf8")).toJS() as { leadForm?: { errors?: Record<string, unknown> } } | null)?.leadForm?.errors ?? {};
      return Object.fromEntries(Object.entries(errors).filter((entry): entry is [FieldError, string] => typeof entry[1] === "string" && entry[0] in FALLBACK));
    } catch {
      return {};
    }
  };
  const [first, ...others] = languages;
  const base = { ...FALLBACK, ...(await read(path.join(contentDir, "chrome.yaml"))) };
  const words: Record<string, LeadWords> = { [first?.code ?? "en"]: base };
  for (const language of others) words[language.code] = { ...base, ...(await read(path.join(contentDir, language.code, "chrome.yaml"))) };
  return words;
}

/** The words of a language, the default language's for one the site does not have. */
export function wordsFor(words: Record<string, LeadWords>): (lang: string) => LeadWords {
  const fallback = Object.values(words)[0] ?? FALLBACK;
  return (lang) => (Object.hasOwn(words, lang) ? words[lang]! : fallback);
}
