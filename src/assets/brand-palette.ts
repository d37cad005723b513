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

/**
 * The stylesheet's palette in the brand's colour (site.yaml's brand.themeColor): CSS appended after
 * the stylesheet, or "" for the stylesheet's own colour. Buttons and headings carry white text on
 * the main shade, so a light brand colour is darkened until white on it reads at 5:1 or more.
 */
export function brandPaletteCss(themeColor: string): string {
  if (themeColor.toLowerCase() === STYLESHEET_COLOR) return "";
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
  const variables = Object.entries(palette).map(([step, rgb]) => `--green-${step}:${hexOf(rgb)}`).join(";");
  const veil = (rgb: Rgb, alpha: number) => `rgb(${rgb.map(Math.round).join(" ")}/${alpha})`;
  const gradient = `linear-gradient(135deg,${veil(palette["950"]!, 0.94)} 0%,${veil(palette["900"]!, 0.86)} 55%,${veil(main, 0.72)} 100%)`;
  return `:root{${variables};--tint:${hexOf(shade(white, 0.96))};--line:${hexOf(shade(white, 0.84))}}.city-hero:after{background:${gradient}}.cta p,.city-hero .hero-text{color:${hexOf(pale)}}`;
}
