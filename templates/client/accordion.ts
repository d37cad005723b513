/**
 * Keeps one item of each `[data-accordion]` open. `<details name>` already does this in current
 * browsers; this covers the older ones. The open item can still be closed (native disclosure).
 */
export function initAccordions(): void {
  // `toggle` does not bubble, so listen in the capture phase.
  document.addEventListener("toggle", (event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
    const group = opened.closest("[data-accordion]");
    if (!group) return;
    for (const other of group.querySelectorAll("details[open]")) {
      if (other !== opened && other.closest("[data-accordion]") === group) (other as HTMLDetailsElement).open = false;
    }
  }, true);
}
