const EVENTS = ["scroll", "wheel", "pointerdown", "keydown", "touchstart"];

/** Runs `callback` once, at the visitor's first scroll, click, key press or touch (never on arrival). */
export function onFirstInteraction(callback: () => void): void {
  const run = () => {
    for (const type of EVENTS) removeEventListener(type, run, true);
    callback();
  };
  // Capture on window: scroll events of inner scrollers do not bubble, and nothing can stop these.
  for (const type of EVENTS) addEventListener(type, run, { capture: true, passive: true });
}
