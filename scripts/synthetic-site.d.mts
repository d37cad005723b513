/**
 * Creates a project folder with the sample plus `extra` synthetic cities; returns its path. With
 * `allLanguages`, every language of the sample; otherwise its default language only.
 */
export function makeSyntheticSite(extra: number, options?: { allLanguages?: boolean }): Promise<string>;
/** site.yaml's text without its `languages` list, and the codes of the other languages it named. */
export function withoutLanguages(yaml: string): { yaml: string; others: string[] };
/** Deletes the translations of these languages from a project folder's content/. */
export function removeTranslations(dir: string, codes: readonly string[]): Promise<void>;
