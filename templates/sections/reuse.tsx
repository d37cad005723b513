import { createContext, createElement, useContext, type ComponentType, type ContextType, type ReactElement } from "react";
import type { ReuseRegistry } from "../../src/render/reuse.ts";
import type { Localize } from "../../src/routes/languages.ts";
import { IconSpriteContext } from "./icon.tsx";
import { LocalizeContext } from "./localize.tsx";
import { ImagesContext } from "./picture.tsx";

/** The renderer's registry, which Document provides; absent (render everything in place) when a template is rendered alone. */
export const ReuseContext = createContext<ReuseRegistry | undefined>(undefined);

const componentIds = new WeakMap<object, number>();
let lastComponentId = 0;
/** Each language's localize function (one per language and render thread) by a short name. */
const localizeIds = new WeakMap<Localize, number>();
let lastLocalizeId = 0;
/**
 * Each distinct JSON text of a props value gets a short name, and each object seen remembers its
 * name: pages share their data objects (the chrome, the copy), so an object is turned into JSON
 * once, and keys stay short however large the props.
 */
const namesByJson = new Map<string, string>();
const nameOfObject = new WeakMap<object, string>();

/**
 * JSON loses some values silently (functions, Maps and Sets, dates, NaN, undefined in arrays):
 * two blocks differing only in one would share a key, so they are refused.
 */
function plainData(prop: string): (this: unknown, key: string, value: unknown) => unknown {
  return function (this: unknown, key, value) {
    const where = key ? `${prop}.…${key}` : prop;
    const refuse = (what: string) => {
      throw new Error(`<Reuse> props must be plain data; "${where}" is ${what} (render that block without <Reuse>)`);
    };
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") refuse(`a ${typeof value}`);
    if (typeof value === "number" && !Number.isFinite(value)) refuse(String(value));
    if (value === undefined && Array.isArray(this)) refuse("undefined in a list");
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) refuse(`a ${prototype?.constructor?.name ?? "class instance"}`);
    }
    return value;
  };
}

function nameOf(prop: string, value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value, plainData(prop)) ?? "undefined";
  let name = nameOfObject.get(value);
  if (name === undefined) {
    const json = JSON.stringify(value, plainData(prop));
    name = namesByJson.get(json);
    if (name === undefined) namesByJson.set(json, (name = `#${namesByJson.size}`));
    nameOfObject.set(value, name);
  }
  return name;
}

/** A key that is equal for equal props. */
function keyOf(props: object): string {
  let key = "";
  for (const name in props) key += `${name}=${nameOf(name, (props as Record<string, unknown>)[name])};`;
  return key;
}

/**
 * Renders `component` with `props` once per build for each distinct `props` (compared as JSON);
 * every page gets a copy of that HTML. For blocks that depend on nothing but their props: the
 * component sees only `props` (plain data) and the contexts ReuseScope carries, so a copy cannot
 * differ from what the page would have rendered.
 */
export function Reuse<P extends object>({ component, props }: { component: ComponentType<P>; props: P }) {
  const registry = useContext(ReuseContext);
  const sprite = useContext(IconSpriteContext);
  const images = useContext(ImagesContext);
  const localize = useContext(LocalizeContext);
  const block = createElement(component, props);
  if (!registry) return block;
  if (!componentIds.has(component)) componentIds.set(component, ++lastComponentId);
  if (!localizeIds.has(localize)) localizeIds.set(localize, ++lastLocalizeId);
  // The contexts are part of the key: the same block may be rendered under other values of them.
  const key = `${componentIds.get(component)}|${keyOf(props)}|${nameOf("sprite", sprite)}|${nameOf("images", images)}|${localizeIds.get(localize)}`;
  return registry.use(key, () => <ReuseScope sprite={sprite} images={images} localize={localize}>{block}</ReuseScope>);
}

/** The contexts a reusable block may read, given again for its rendering on its own. */
function ReuseScope(props: { sprite: string | undefined; images: ContextType<typeof ImagesContext>; localize: Localize; children: ReactElement }) {
  return (
    <IconSpriteContext.Provider value={props.sprite}>
      <ImagesContext.Provider value={props.images}>
        <LocalizeContext.Provider value={props.localize}>{props.children}</LocalizeContext.Provider>
      </ImagesContext.Provider>
    </IconSpriteContext.Provider>
  );
}
