/** What a behaviour or layout test may do to a page, the same in every browser engine. */

export type EngineName = "chromium" | "firefox" | "webkit";

/** Keys the tests press: real key events from the engine's automation, not synthetic DOM events. */
export type Key = "Tab" | "Shift+Tab" | "Escape" | "Enter" | "Space";

export interface OpenOptions {
  /** CSS pixels of the viewport; WebKitGTK's window is never narrower than about 447 px. */
  width?: number;
  height?: number;
  /** false: the page loads with scripting off (the no-JavaScript pages). */
  javaScript?: boolean;
  /**
   * The site's permission for the position: granted before (a returning visitor), or undecided
   * with the visitor answering the prompt with Allow or Block. The position is Riverside's.
   * Unset: undecided, and nobody answers (in WebKit the prompt stays open).
   */
  geolocation?: "granted" | "allow-at-prompt" | "block-at-prompt";
  /** Global Privacy Control on (only where the engine has it: see `supportsGpc`). */
  gpc?: boolean;
}

export interface EnginePage {
  readonly engine: EngineName;
  /** The viewport's width the page really got, in CSS pixels. */
  readonly width: number;
  /** Opens a path of the served site and waits for its load event. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** The page's address. */
  url(): Promise<string>;
  /** Runs `fn` in the page with one JSON argument, awaiting a returned promise. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** A real mouse click at the middle of the first element matching `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** A real mouse click at viewport coordinates. */
  clickAt(x: number, y: number): Promise<void>;
  /** Clicks the field matching `selector`, then types `text` into it with real key events. */
  type(selector: string, text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Requests that left for another host and were refused (every engine blocks them all). */
  blocked(): string[];
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /**
   * A fresh page (no cookies, storage or permissions shared with another) at `origin`. In WebKit
   * it ends the page opened before: a test is done with one page before it opens the next.
   */
  open(origin: string, options?: OpenOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** A visitor in Riverside: its nearest city page is Riverside's. */
export const RIVERSIDE = { latitude: 33.9533, longitude: -117.3962 };

/**
 * Runs before each page's own scripts in every engine: records uncaught errors and rejections,
 * so a test can assert that none happened (`window.__pageErrors`).
 */
export const ERROR_RECORDER = `(() => {
  const errors = (window.__pageErrors = []);
  addEventListener("error", (event) => errors.push(String(event.message)));
  addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));
})();`;

/** Turns a page function and its argument into a script that calls it (for WebDriver classic). */
export function callExpression(fn: Function, arg: unknown): string {
  return `(${fn.toString()})(${arg === undefined ? "" : JSON.stringify(arg)})`;
}

/**
 * Where the middle of the element matching `selector` is, scrolled to the middle of the viewport,
 * and whether it may still move: only where the page's scripts ran (they mark the dialog enhanced).
 */
const centreNow = (selector: string) => {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no element matches ${selector}`);
  el.scrollIntoView({ block: "center", inline: "center" });
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2), moving: document.querySelector("[data-enhanced]") !== null };
};

/**
 * The same once the element is still: a section that fades in slides for a moment after it comes
 * into view, and a widget loaded at the first click pushes what is below it down.
 */
const centreWhenStill = async (selector: string) => {
  const el = document.querySelector(selector)!;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let i = 0; i < 120 && el.closest(".reveal-hidden"); i++) await frame();
  let last = "";
  for (let still = 0, i = 0; still < 3 && i < 120; i++) {
    await frame();
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const now = `${r.left},${r.top}`;
    still = now === last ? still + 1 : 0;
    last = now;
  }
  for (let node: Element | null = el; node; node = node.parentElement) {
    await Promise.all(node.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  }
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
};

/**
 * Where to click on the element matching `selector`. Waits in the page only where scripts run:
 * with scripting off, a page runs no animation frame callbacks (and nothing moves).
 */
export async function clickPoint(page: Pick<EnginePage, "evaluate">, selector: string): Promise<{ x: number; y: number }> {
  const now = await page.evaluate(centreNow, selector);
  return now.moving ? page.evaluate(centreWhenStill, selector) : now;
}
