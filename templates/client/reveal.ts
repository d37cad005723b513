/**
 * Fades and slides `section[data-reveal]` in the first time 10% of it is visible. Only sections
 * below the fold at start are hidden (what is visible on arrival is never touched), nothing
 * happens with reduced motion, and without JavaScript nothing is ever hidden.
 */
export function initReveal(): void {
  if (!("IntersectionObserver" in window) || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const viewport = innerHeight;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.remove("reveal-hidden");
        observer.unobserve(entry.target);
      }
    },
    { threshold: 0.1 },
  );
  for (const section of document.querySelectorAll("section[data-reveal]")) {
    const box = section.getBoundingClientRect();
    const onScreen = box.top < viewport && box.bottom > 0;
    // A section taller than ten screens never shows 10% at once: leave it visible.
    if (onScreen || box.height * 0.1 > viewport) continue;
    section.classList.add("reveal", "reveal-hidden");
    observer.observe(section);
  }
}
