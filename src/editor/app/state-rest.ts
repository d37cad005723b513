import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { loadState, type EditorState } from "./api.ts";

/**
 * How long after the editor showed the rest of the state waits before it is asked for (then when
 * the browser is idle): the first section's own code and validators have the link to themselves.
 */
const FIRST_SECTION_MS = 2000;

/**
 * The rest of the state when the editor opened with its first part only (EditorState's `part`):
 * asked for a moment after the editor showed, or at once by `ask` (a section that needs it opened). The files and schema the editor holds already
 * (its forms are open on them, or saved since) are kept over the rest's.
 */
export function useRestOfState(part: EditorState["part"], setState: Dispatch<SetStateAction<EditorState>>): { ask(): void; failed?: string } {
  const asked = useRef(false);
  const [failed, setFailed] = useState<string>();
  const ask = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    loadState().then(
      (rest) => setState((current) => (current.part ? { ...rest, files: { ...rest.files, ...current.files }, schemas: { ...rest.schemas, site: current.schemas.site } } : current)),
      (error: Error) => {
        asked.current = false;
        setFailed(error.message);
      },
    );
  }, [setState]);
  useEffect(() => {
    if (!part) return;
    let idle: number | undefined;
    // Safari has no requestIdleCallback.
    const timer = setTimeout(() => (typeof requestIdleCallback === "function" ? (idle = requestIdleCallback(ask, { timeout: FIRST_SECTION_MS })) : ask()), FIRST_SECTION_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [part, ask]);
  return { ask, failed };
}
