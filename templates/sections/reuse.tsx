import { createContext, createElement, useContext, type ComponentType, type ContextType, type ReactElement } from "react";
import type { ReuseRegistry } from "../../src/render/reuse.ts";
import { IconSpriteContext } from "./icon.tsx";
import { ImagesContext } from "./picture.tsx";

/** Provided by the renderer; absent (render everything in place) when a template is rendered alone. */
export const ReuseContext = createContext<ReuseRegistry | undefined>(undefined);

/** Stands where a reused block's HTML goes; the renderer replaces it. */
export const REUSE_SLOT = "gopher-site-reused";

const componentIds = new WeakMap<object, number>();
let lastComponentId = 0;
/** JSON of the objects seen, by identity: pages share their data objects (the chrome, the copy). */
const jsonOf = new WeakMap<object, string>();

/** A key that is equal for equal props; each shared object is turned into JSON once. */
function keyOf(props: object): string {
  return Object.entries(props)
    .map(([name, value]) => {
      if (typeof value !== "object" || value === null) return `${name}:${JSON.stringify(value)}`;
      let json = jsonOf.get(value);
      if (json === undefined) jsonOf.set(value, (json = JSON.stringify(value)));
      return `${name}:${json}`;
    })
    .join(",");
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
  const block = createElement(component, props);
  if (!registry) return block;
  if (!componentIds.has(component)) componentIds.set(component, ++lastComponentId);
  const id = registry.use(`${componentIds.get(component)}|${keyOf(props)}`, () => <ReuseScope sprite={sprite} images={images}>{block}</ReuseScope>);
  return createElement(REUSE_SLOT, { "data-id": id });
}

/** The contexts a reusable block may read, given again for its rendering on its own. */
function ReuseScope(props: { sprite: string | undefined; images: ContextType<typeof ImagesContext>; children: ReactElement }) {
  return (
    <IconSpriteContext.Provider value={props.sprite}>
      <ImagesContext.Provider value={props.images}>{props.children}</ImagesContext.Provider>
    </IconSpriteContext.Provider>
  );
}
