/**
 * What a save came to, told to the editor's header, which stays in view: the form's own message may
 * be far above the owner, and a saved form starts again without it.
 */
export type SaveNews = { failed: string } | { leftToDo: string[] };

type Listener = (news: SaveNews) => void;

const listeners = new Set<Listener>();

/** Called by a form's save: refused or failed, or saved with warnings it brought (each as the CLI prints it). */
export function tellSaveNews(news: SaveNews): void {
  for (const listener of listeners) listener(news);
}

/** Listens for saves' news; returns the function that stops listening. */
export function onSaveNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
