import { createContext, createElement, useContext, type ReactElement, type ReactNode } from "react";
import type { IconSymbolView } from "../../src/routes/page-props.ts";

/** Small inline icons (24x24, stroke-based), decorative unless labelled by their context. */
const PATHS: Record<string, ReactElement> = {
  clock: <><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></>,
  shield: <><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" /><path d="M9 12l2 2 4-4" /></>,
  leaf: <><path d="M5 19c0-9 6-14 15-14 0 9-5 15-14 15" /><path d="M5 19l8-8" /></>,
  home: <><path d="M3 11l9-7 9 7" /><path d="M5 10v10h14V10" /><path d="M10 20v-6h4v6" /></>,
  family: <><circle cx="8" cy="7" r="3" /><circle cx="16" cy="8" r="2.5" /><path d="M3 20c0-4 2.5-7 5-7s5 3 5 7" /><path d="M13 20c0-3 1.5-5.5 3-5.5s4 2.5 4 5.5" /></>,
  badge: <><circle cx="12" cy="9" r="6" /><path d="M9 14l-2 7 5-3 5 3-2-7" /></>,
  calendar: <><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M3 10h18M8 3v4M16 3v4" /></>,
  phone: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />,
  shed: <><path d="M4 17h16M6 17V9l6-4 6 4v8" /><path d="M9 17v-5h6v5" /></>,
  map: <><path d="M12 21s-7-6-7-11a7 7 0 0114 0c0 5-7 11-7 11z" /><circle cx="12" cy="10" r="2.5" /></>,
  chart: <><path d="M4 20V4M4 20h16" /><path d="M8 16l4-5 3 3 5-6" /></>,
  star: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z" />,
  building: <><rect x="5" y="3" width="14" height="18" /><path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2" /></>,
  tree: <><path d="M12 3l6 8h-3l4 6H5l4-6H6z" /><path d="M12 17v4" /></>,
  check: <path d="M5 12l5 5 9-10" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
  back: <path d="M19 12H5M11 6l-6 6 6 6" />,
  mail: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></>,
};

export type IconName = keyof typeof PATHS;


/**
 * Where the icon sprite is served (a content-hashed file). Icons refer to it with <use>, so each
 * page carries a few bytes per icon instead of its paths; without a sprite they are drawn inline.
 */
export const IconSpriteContext = createContext<string | undefined>(undefined);

/**
 * Every icon of ours as a <symbol>, then `symbols`, the Lucide icons the content names (drawn on
 * the same 24px grid with the same stroke): the build writes this once as the sprite file.
 */
export function IconSprite({ symbols = [] }: { symbols?: readonly IconSymbolView[] }) {
  const lucide = symbols.filter((symbol) => !(symbol.name in PATHS));
  return (
    <svg xmlns="http://www.w3.org/2000/svg">
      {Object.entries(PATHS).map(([name, paths]) => <IconSymbol key={name} name={name}>{paths}</IconSymbol>)}
      {/* Not an icon a page may name: a shape Stars draws in its own units. */}
      <defs><path id={STARS_ID} fill="currentColor" d={starsPath(5)} /></defs>
      {lucide.map(({ name, elements }) => (
        <IconSymbol key={name} name={name}>
          {elements.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
        </IconSymbol>
      ))}
    </svg>
  );
}

function IconSymbol({ name, children }: { name: string; children: ReactNode }) {
  return (
    <symbol id={name} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </symbol>
  );
}

function SpriteUse({ sprite, id }: { sprite: string; id: string }) {
  return <use href={`${sprite}#${id}`} />;
}

/**
 * One icon by name. From the sprite any name the content may give (the build checked it, and the
 * sprite holds every Lucide icon the content names); drawn inline only ours, else a check mark.
 */
export function Icon({ name, className }: { name: string; className?: string }) {
  const sprite = useContext(IconSpriteContext);
  const known = sprite || name in PATHS ? name : "check";
  return (
    <svg className={className ?? "icon"} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"
      {...(sprite ? {} : { fill: "none", stroke: "currentColor", strokeWidth: "2", strokeLinecap: "round", strokeLinejoin: "round" })}>
      {sprite ? <SpriteUse sprite={sprite} id={known} /> : PATHS[known]}
    </svg>
  );
}

/** `count` filled stars (the star icon's outline, filled), 24 units apart: the sprite's STARS_ID has five. */
const starsPath = (count: number) => `M12 3${Array(count).fill("l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z").join("m24 0")}`;
const STARS_ID = "rating-stars";

/**
 * A row of 1 to 5 filled stars, 18px each, in the text's colour (styles/parts/badge.css colours
 * it); the number is said by the text next to it. From the sprite, as the icons are (its five
 * stars, as many shown as the viewBox is wide): a few bytes a row, and no star image in the stylesheet.
 */
export function Stars({ count }: { count: number }) {
  const sprite = useContext(IconSpriteContext);
  const shown = Number.isInteger(count) && count >= 1 && count <= 5 ? count : 5;
  return (
    <svg className="stars" width={18 * shown} height="18" viewBox={`0 0 ${24 * shown} 24`} aria-hidden="true">
      {sprite ? <SpriteUse sprite={sprite} id={STARS_ID} /> : <path fill="currentColor" d={starsPath(shown)} />}
    </svg>
  );
}
