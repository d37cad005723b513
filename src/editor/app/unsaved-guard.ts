import { useLayoutEffect, useRef } from "react";

/** Each mounted form's question "is anything here not saved?", asked only when the tab is closing. */
const checks = new Set<{ current: () => boolean }>();

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (![...checks].some((check) => check.current())) return;
  // The browser asks in its own words; these two lines are how every browser is told to ask.
  event.preventDefault();
  event.returnValue = "";
}

/**
 * Makes closing or reloading the tab ask first while `hasUnsaved()` says the form holds typed text
 * not saved. Asked at that moment, never on each keystroke: a long form's typing stays fast.
 */
export function useUnsavedGuard(hasUnsaved: () => boolean): void {
  const latest = useRef(hasUnsaved);
  latest.current = hasUnsaved;
  // A layout effect: a form replaced by its saved self is let go in the same commit, not a moment later.
  useLayoutEffect(() => {
    if (checks.size === 0) addEventListener("beforeunload", onBeforeUnload);
    checks.add(latest);
    return () => {
      checks.delete(latest);
      if (checks.size === 0) removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);
}
