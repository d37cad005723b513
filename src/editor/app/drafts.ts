import { useEffect, useRef, useState } from "react";
import { applyOp, type EditOp } from "../../yaml-edit/edit-ops.ts";

/**
 * What the owner typed and did not save, kept in this browser (localStorage) for each file, with
 * the version of the file it was typed on: a closed tab, a dead battery or a lost connection loses
 * nothing; the form offers it back next time. Saved or discarded, it is gone.
 */
export interface Draft<T> {
  /** The version of the file the changes were made on. */
  version: string;
  /** When it was last typed (ms since 1970). */
  at: number;
  value: T;
}

/** Waits this long after the last keystroke before writing (and at once when the page is hidden). */
const QUIET_MS = 400;
let site = "";

/** Names this site's drafts (one browser may open the editors of several sites): set from the editor's state. */
export function setDraftSite(id: string): void {
  site = id;
}

function keyOf(file: string): string {
  return `gopher-site draft ${site} ${file}`;
}

/** The draft kept for `file`, if any (one that cannot be read is none). */
export function readDraft<T>(file: string): Draft<T> | undefined {
  try {
    const text = localStorage.getItem(keyOf(file));
    const draft = text ? (JSON.parse(text) as Draft<T>) : undefined;
    return draft && typeof draft.version === "string" && typeof draft.at === "number" ? draft : undefined;
  } catch {
    return undefined;
  }
}

/** Files just saved: their forms write no draft again until they are mounted anew (from the saved file). */
const saved = new Set<string>();

/** A save took the form's changes: its draft is removed, and its form keeps none until it is made again from the saved file. */
export function forgetSaved(file: string): void {
  saved.add(file);
  removeDraft(file);
}

export function removeDraft(file: string): void {
  try {
    localStorage.removeItem(keyOf(file));
  } catch {
    // Storage refused (private mode, full): there is nothing kept to remove.
  }
}

function writeDraft<T>(file: string, draft: Draft<T>): void {
  try {
    localStorage.setItem(keyOf(file), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the form still holds the text; only the keeping across a closed tab is lost.
  }
}

/**
 * Keeps `value` as `file`'s draft while `changed` (the form differs from the file as read),
 * written a moment after typing stops, at once when the page is hidden or closed and when the
 * form goes (another section opened); removes it when the form holds nothing unsaved. `offering`
 * (a kept draft still offered, the form read-only meanwhile) holds the keeping back, so the kept
 * draft is not overwritten by the form's untouched values.
 */
export function useDraftKeeper<T>(file: string, version: string, value: T, changed: boolean, offering = false): void {
  const paused = offering && !changed;
  const latest = useRef({ file, version, value, changed, paused });
  latest.current = { file, version, value, changed, paused };
  const flush = useRef(() => {
    const now = latest.current;
    if (!now.paused) keep(now);
  });
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(flush.current, QUIET_MS);
    return () => clearTimeout(timer);
  }, [file, version, value, changed, paused]);
  // Mounted anew (from the saved file, or reopened): it keeps again; unmounted, what it holds is written.
  useEffect(() => {
    saved.delete(file);
    const keepNow = flush.current;
    return () => keepNow();
  }, [file]);
  useWhenHidden(flush);
}

/** One file's draft as a form holds it now. */
export interface HeldDraft<T> {
  file: string;
  version: string;
  value: T;
  /** Whether the form differs from the file as read (otherwise the file's draft is removed). */
  changed: boolean;
}

/**
 * useDraftKeeper for a form of several files whose values are held outside React's state (the
 * Towns section's, so that typing in one town does not re-render a list of thousands): `held()`
 * gives each file's draft as it stands, read when drafts are written; the returned `touched()` is
 * called on every change. Nothing is written while `offering` (the form waits, read-only, for
 * Restore or Discard).
 */
export function useHeldDraftKeeper(held: () => HeldDraft<unknown>[], offering: boolean): () => void {
  const latest = useRef({ held, offering });
  latest.current = { held, offering };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flush = useRef(() => {
    clearTimeout(timer.current);
    if (!latest.current.offering) for (const draft of latest.current.held()) keep(draft);
  });
  useEffect(() => {
    for (const draft of latest.current.held()) saved.delete(draft.file);
    const keepNow = flush.current;
    return () => keepNow();
  }, []);
  useWhenHidden(flush);
  return useRef(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(flush.current, QUIET_MS);
  }).current;
}

/** Writes a form's draft of `file`, or removes it when the form holds nothing unsaved; a file just saved keeps none. */
function keep<T>({ file, version, value, changed }: HeldDraft<T>): void {
  if (saved.has(file)) return;
  if (changed) writeDraft(file, { version, at: Date.now(), value });
  else removeDraft(file);
}

/** Runs `flush` at once when the page is hidden or closed (a phone may never run it again). */
function useWhenHidden(flush: { current: () => void }): void {
  useEffect(() => {
    const hidden = () => flush.current();
    addEventListener("pagehide", hidden);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      removeEventListener("pagehide", hidden);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [flush]);
}

/** The draft a form offers back when it opens: kept from an earlier visit, until restored or discarded. */
export function useOfferedDraft<T>(file: string): { offered: Draft<T> | undefined; settle(): void } {
  const [offered, setOffered] = useState(() => readDraft<T>(file));
  return { offered, settle: () => setOffered(undefined) };
}

/** "today at 10:42" / "Nov 26 at 10:42": when a draft was typed, in the owner's own clock. */
export function draftTime(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay ? `today at ${time}` : `${date.toLocaleDateString(undefined, { month: "short", day: "numeric" })} at ${time}`;
}

/** `ops` made again on newer data (a draft restored on the file saved since); one that no longer fits (its list item gone) is left out. */
export function reapplied(data: unknown, ops: readonly EditOp[]): unknown {
  let result: unknown = structuredClone(data ?? {});
  for (const op of ops) {
    try {
      result = applyOp(result, op);
    } catch {
      // The place it named is gone from the newer file: nothing to make it on.
    }
  }
  return result;
}
