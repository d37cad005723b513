import { onFirstInteraction } from "./first-interaction.ts";

/** Adds a script to the end of `parent`; a new element each time, so the browser runs it again. */
export function injectScript(src: string, parent: Element = document.body): HTMLScriptElement {
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  parent.append(script);
  return script;
}

/** Replaces a placeholder's content with its iframe (and its widget script, when it has one). */
function load(embed: HTMLElement): void {
  const { src, title, script, frameClass } = embed.dataset;
  if (!src) return;
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = title ?? "";
  if (frameClass) iframe.className = frameClass;
  embed.replaceChildren(iframe);
  // A widget whose script is blocked or fails would stay an empty frame: take it away instead.
  if (script) injectScript(script, embed).addEventListener("error", () => embed.replaceChildren(), { once: true });
}

/**
 * Loads `[data-lazy-embed]` third-party iframes when they come within 200 px of the viewport,
 * but never before the visitor's first scroll, click, key press or touch: no third-party request
 * competes with the first paint.
 */
export function initLazyEmbeds(): void {
  const embeds = document.querySelectorAll<HTMLElement>("[data-lazy-embed]");
  if (embeds.length === 0) return;
  onFirstInteraction(() => {
    if (!("IntersectionObserver" in window)) return embeds.forEach(load);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          load(entry.target as HTMLElement);
        }
      },
      { rootMargin: "200px 0px" },
    );
    for (const embed of embeds) observer.observe(embed);
  });
}
