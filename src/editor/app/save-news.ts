/** A save that failed, told to the editor's header: the form's own message may be far above the owner. */
type Listener = (message: string) => void;

const listeners = new Set<Listener>();

/** Called by a form's save when it was refused or failed. */
export function tellSaveFailed(message: string): void {
  for (const listener of listeners) listener(message);
}

/** Listens for failed saves; returns the function that stops listening. */
export function onSaveFailed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
