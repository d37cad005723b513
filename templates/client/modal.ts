/** Delay before focus moves to the close button, as the spec asks. */
const FOCUS_DELAY_MS = 100;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

export interface ModalOptions {
  /** Called each time the dialog opens. */
  onOpen?: () => void;
}

/**
 * Makes `dialog` the page's modal: any `[data-callback-open]` element, present or added later,
 * opens it (one delegated listener); Escape, a backdrop click and `[data-callback-close]` close
 * it. Focus moves to the close control 100 ms after opening, Tab cycles inside, and on close
 * focus returns to the element that had it.
 */
export function initModal(dialog: HTMLDialogElement, options: ModalOptions = {}): { close: () => void } {
  const closeControl = closeButton(dialog.querySelector<HTMLElement>("[data-callback-close]"));
  let returnTo: HTMLElement | null = null;
  let focusTimer: ReturnType<typeof setTimeout> | undefined;

  const open = (opener: HTMLElement) => {
    if (dialog.open) return;
    const active = document.activeElement;
    // Safari does not focus a clicked link: fall back to the opener itself.
    returnTo = active instanceof HTMLElement && active !== document.body ? active : opener;
    // showModal() focuses the first focusable child at once; with the content briefly inert it
    // focuses the dialog itself (screen readers announce its title), and the close control 100 ms later.
    const content = dialog.firstElementChild as HTMLElement | null;
    if (content) content.inert = true;
    dialog.showModal();
    if (content) content.inert = false;
    focusTimer = setTimeout(() => closeControl?.focus(), FOCUS_DELAY_MS);
    options.onOpen?.();
  };
  const close = () => {
    if (dialog.open) dialog.close();
  };

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const opener = event.target.closest<HTMLElement>("[data-callback-open]");
    if (!opener) return;
    event.preventDefault();
    open(opener);
  });

  closeControl?.addEventListener("click", close);

  // A click whose press and release both land outside the panel hit the backdrop.
  const outside = (event: MouseEvent) => {
    const box = dialog.getBoundingClientRect();
    return event.target === dialog && (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom);
  };
  let pressedOutside = false;
  dialog.addEventListener("pointerdown", (event) => (pressedOutside = outside(event)));
  dialog.addEventListener("click", (event) => {
    if (pressedOutside && outside(event)) close();
  });

  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  });

  // Every way of closing (Escape included) ends here. The event comes a task after the close: when
  // the dialog was opened again meanwhile (a quick second press), it is not that opening's to undo.
  dialog.addEventListener("close", () => {
    if (dialog.open) return;
    clearTimeout(focusTimer);
    if (returnTo?.isConnected) returnTo.focus();
    returnTo = null;
  });

  // From here on the dialog is a modal: CSS stops showing it for `:target` (the no-JavaScript way),
  // and an address that targets it opens it as a modal instead.
  dialog.setAttribute("data-enhanced", "");
  dialog.tabIndex = -1;
  if (location.hash === `#${dialog.id}`) {
    history.replaceState(null, "", location.pathname + location.search);
    open(document.body);
  }

  return { close };
}

/**
 * The HTML's close control is a link (without JavaScript it leaves the `:target` overlay); a modal
 * dialog's close control is a button, as screen readers and the WAI-ARIA dialog pattern expect.
 * Swaps the one for the other, keeping its class, name, icon and marker.
 */
function closeButton(link: HTMLElement | null): HTMLButtonElement | null {
  if (!link) return null;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.setAttribute("aria-label", link.getAttribute("aria-label") ?? "");
  button.setAttribute("data-callback-close", "");
  button.append(...link.childNodes);
  link.replaceWith(button);
  return button;
}
