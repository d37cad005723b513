/**
 * Whether the editor runs on the server (`serve --editor`, src/online/): its page says so. There the
 * site beside it is the live one, changed by Publish, and no page of it may be framed: no preview.
 */
export function isOnline(): boolean {
  return document.querySelector<HTMLMetaElement>('meta[name="editor-mode"]')?.content === "online";
}

/** What a save's message says comes next. */
export function afterSave(): string {
  return isOnline() ? "Publish puts it on the site." : "The preview reloads when the site is rebuilt.";
}
