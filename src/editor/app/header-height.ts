import { useLayoutEffect, type RefObject } from "react";

/**
 * Keeps `--top-height` on the editor's root at the sticky header's height, which changes with the
 * width, the sections that wrap and what the header says: the forms' own sticky headers (their
 * Save) and the preview sit right under it, never under a guess of it.
 */
export function useHeaderHeight(root: RefObject<HTMLElement | null>, header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const top = header.current;
    if (!top) return;
    const observer = new ResizeObserver(() => root.current?.style.setProperty("--top-height", `${top.offsetHeight}px`));
    observer.observe(top);
    return () => observer.disconnect();
  }, [root, header]);
}
