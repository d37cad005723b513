import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { hashedName } from "../assets/content-hash.ts";
import type { OutputFile } from "../assets/output-file.ts";
import type { IconSymbolView } from "../routes/page-props.ts";
import type { Templates } from "./load-templates.ts";

/**
 * Renders the templates' icon sprite, their own icons and the Lucide ones the content names, to a
 * content-hashed file; none when the templates have no sprite.
 */
export function buildIconSprite(templates: Templates, symbols: readonly IconSymbolView[] = []): { file: OutputFile; href: string } | undefined {
  if (!templates.IconSprite) return undefined;
  const svg = renderToStaticMarkup(createElement(templates.IconSprite, { symbols }));
  const name = hashedName("icons.svg", svg);
  return { file: { path: `assets/${name}`, data: svg }, href: `/assets/${name}` };
}
