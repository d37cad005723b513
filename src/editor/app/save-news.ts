/**
 * What a save came to, told to the editor's header, which stays in view: the form's own message may
 * be far above the owner, and a saved form starts again without it.
 */
export type SaveNews = { saved: string[]; leftToDo: string[] } | { failed: string };

type Listener = (news: SaveNews) => void;

const listeners = new Set<Listener>();

/** Called by a form's save: saved (its files, and the warnings it brought as the CLI prints them), or refused. */
export function tellSaveNews(news: SaveNews): void {
  for (const listener of listeners) listener(news);
}

/** Listens for saves' news; returns the function that stops listening. */
export function onSaveNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
