/**
 * The header's menu button on small screens: a disclosure (WAI-ARIA pattern) that shows and hides
 * the navigation. Escape closes it and returns focus to the button. The stylesheet hides the
 * navigation only while `aria-expanded` is false and scripting is on, so without this script the
 * links stay listed in full.
 */
export function initMenu(): void {
  const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
  const nav = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!button || !nav) return;
  const expanded = () => button.getAttribute("aria-expanded") === "true";
  const set = (open: boolean) => button.setAttribute("aria-expanded", String(open));

  button.addEventListener("click", () => set(!expanded()));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !expanded()) return;
    set(false);
    button.focus();
  });
  // A click outside the header closes the open menu, as people expect of a dropdown.
  document.addEventListener("click", (event) => {
    if (expanded() && event.target instanceof Node && !button.closest("header")?.contains(event.target)) set(false);
  });
}
