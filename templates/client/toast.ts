/** Swipe distance in px that dismisses the toast on touch screens. */
const SWIPE_PX = 50;

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows `text` in the polite live region for `ms`, replacing any toast already there (one at a
 * time). A horizontal swipe of 50 px dismisses it.
 */
export function showToast(region: HTMLElement, text: string, ms = 5000): void {
  clearTimeout(timer);
  const toast = document.createElement("div");
  toast.className = "toast";
  toast.textContent = text;
  region.replaceChildren(toast);
  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
  };
  timer = setTimeout(dismiss, ms);

  let startX: number | undefined;
  let dx = 0;
  toast.addEventListener("touchstart", (event) => {
    startX = event.touches[0]?.clientX;
    dx = 0;
  }, { passive: true });
  toast.addEventListener("touchmove", (event) => {
    const x = event.touches[0]?.clientX;
    if (startX === undefined || x === undefined) return;
    dx = x - startX;
    toast.style.transform = `translateX(${dx}px)`;
  }, { passive: true });
  toast.addEventListener("touchend", () => {
    if (Math.abs(dx) >= SWIPE_PX) dismiss();
    else toast.style.transform = "";
    startX = undefined;
  });
}
