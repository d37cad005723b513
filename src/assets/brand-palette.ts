/** The colour the built-in stylesheet is drawn in (templates/styles/site.css, --green-800). */
export const STYLESHEET_COLOR = "#166534";

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((channel, i) => channel + (to[i]! - channel) * share) as Rgb;

/** WCAG contrast of two colours. */
const contrast = (a: Rgb, b: Rgb) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The brand's colours: the stylesheet's variables' values, the pale text on the main shade, the town hero's veil. */
export interface BrandPalette {
  /** By custom property (--green-800): the value in the brand's colour. */
  variables: Record<string, string>;
  /** The pale text on the main shade (the call to action's paragraph, the town hero's). */
  pale: string;
  /** The town page's hero's veil over its picture. */
  gradient: string;
}

/** The stylesheet's own pale text on its main shade (templates/styles/site.css: .cta p), which the brand's replaces. */
const STYLESHEET_PALE = "#e7f5ec";

/**
 * The stylesheet's palette in the brand's colour (site.yaml's brand.themeColor), or undefined for
 * the stylesheet's own colour. Buttons and headings carry white text on the main shade, so a light
 * brand colour is darkened until white on it reads at 5:1 or more.
 */
export function brandPalette(themeColor: string): BrandPalette | undefined {
  if (themeColor.toLowerCase() === STYLESHEET_COLOR) return undefined;
  let main = rgbOf(themeColor);
  const black: Rgb = [0, 0, 0];
  const white: Rgb = [255, 255, 255];
  const onWhite = (rgb: Rgb) => 1.05 / (luminance(rgb) + 0.05);
  while (onWhite(main) < 5) main = mix(main, black, 0.08);
  const shade = (to: Rgb, share: number) => mix(main, to, share);
  // A lighter shade for borders, icons and small text: still 4.5:1 against white.
  let lighter = shade(white, 0.12);
  while (onWhite(lighter) < 4.6) lighter = mix(lighter, black, 0.04);
  const palette: Record<string, Rgb> = {
    "950": shade(black, 0.65),
    "900": shade(black, 0.25),
    "800": main,
    "700": lighter,
    "600": shade(white, 0.25),
    "100": shade(white, 0.85),
    "50": shade(white, 0.95),
  };
  // The pale text on the main shade (the call to action's paragraph, the city hero's): the
  // stylesheet's pale green is drawn for its own green; a brand's own pale tint, whitened until it
  // reads at 4.5:1 on the brand, takes its place.
  let pale = shade(white, 0.9);
  while (contrast(pale, main) < 4.6) pale = mix(pale, white, 0.35);
  const variables: Record<string, string> = Object.fromEntries(Object.entries(palette).map(([step, rgb]) => [`--green-${step}`, hexOf(rgb)]));
  variables["--tint"] = hexOf(shade(white, 0.96));
  variables["--line"] = hexOf(shade(white, 0.84));
  const veil = (rgb: Rgb, alpha: number) => `rgb(${rgb.map(Math.round).join(" ")}/${alpha})`;
  const gradient = `linear-gradient(135deg,${veil(palette["950"]!, 0.94)} 0%,${veil(palette["900"]!, 0.86)} 55%,${veil(main, 0.72)} 100%)`;
  return { variables, pale: hexOf(pale), gradient };
}

/**
 * The brand's palette as CSS to append after the stylesheet, or "" for the stylesheet's own colour
 * (what recolour() appends when a stylesheet has none of the stylesheet's own colours to redraw).
 * Without `cityHero`, the town page's hero is left out.
 */
export function brandPaletteCss(themeColor: string, { cityHero = true }: { cityHero?: boolean } = {}): string {
  const palette = brandPalette(themeColor);
  if (!palette) return "";
  const root = `:root{${Object.entries(palette.variables).map(([name, value]) => `${name}:${value}`).join(";")}}`;
  if (!cityHero) return `${root}.cta p{color:${palette.pale}}`;
  return `${root}.city-hero:after{background:${palette.gradient}}.cta p,.city-hero .hero-text{color:${palette.pale}}`;
}

/**
 * A compiled stylesheet in the brand's colours, redrawn in place rather than overridden after it
 * (the same cascade, without a second copy of each rule): each palette variable where the
 * stylesheet sets it, its pale text where it has the stylesheet's own (#e7f5ec), the town hero's
 * veil in its `.city-hero:after` rule. What it does not find is appended: a variable it reads
 * but does not set, the pale text of its call to action, the veil of a town hero (a project's own
 * stylesheet may be drawn otherwise).
 */
export function recolour(css: string, palette: BrandPalette): string {
  let out = css;
  const missing: string[] = [];
  for (const [name, value] of Object.entries(palette.variables)) {
    const declaration = new RegExp(`(${name}:)[^;}]*`, "g");
    if (out.search(declaration) >= 0) out = out.replace(declaration, `$1${value}`);
    else if (out.includes(`var(${name}`)) missing.push(`${name}:${value}`);
  }
  const extra = missing.length > 0 ? [`:root{${missing.join(";")}}`] : [];
  if (out.includes(STYLESHEET_PALE)) out = out.split(STYLESHEET_PALE).join(palette.pale);
  else if (out.includes(".cta")) extra.push(`.cta p${out.includes(".city-hero") ? ",.city-hero .hero-text" : ""}{color:${palette.pale}}`);
  const veil = /(\.city-hero:after\{[^}]*?background:)[^;}]*/;
  if (veil.test(out)) out = out.replace(veil, `$1${palette.gradient}`);
  else if (out.includes(".city-hero")) extra.push(`.city-hero:after{background:${palette.gradient}}`);
  return out + extra.join("");
}
