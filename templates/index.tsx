import type { ComponentType } from "react";
import type { TemplateName, TemplateProps } from "../src/routes/page-props.ts";
import { Document } from "./document.tsx";
import { IconSprite } from "./sections/icon.tsx";
import { AboutPage } from "./pages/about.tsx";
import { ArticlePage } from "./pages/article.tsx";
import { BlogPage } from "./pages/blog.tsx";
import { CityPage } from "./pages/city.tsx";
import { HomePage } from "./pages/home.tsx";
import { LegalPage } from "./pages/legal.tsx";
import { NotFoundPage } from "./pages/not-found.tsx";
import { ServiceAreasPage } from "./pages/service-areas.tsx";
import { ServicePage } from "./pages/service.tsx";
import { PAGE_KINDS } from "../src/page-kinds.ts";

/** Every page template by name; the route planner names one for each page. */
export const pages: { [T in TemplateName]: ComponentType<TemplateProps<T>> } = {
  home: HomePage,
  service: ServicePage,
  "service-areas": ServiceAreasPage,
  about: AboutPage,
  city: CityPage,
  blog: BlogPage,
  article: ArticlePage,
  legal: LegalPage,
  "not-found": NotFoundPage,
};

/** Where each template lives, for error messages: the page registry's. */
export const templateFiles: Record<TemplateName, string> = Object.fromEntries(
  Object.entries(PAGE_KINDS).map(([name, kind]) => [name, kind.template]),
) as Record<TemplateName, string>;

export { Document, IconSprite };
