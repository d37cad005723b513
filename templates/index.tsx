import type { ComponentType } from "react";
import type { TemplateName, TemplateProps } from "../src/routes/page-props.ts";
import { Document } from "./document.tsx";
import { IconSprite } from "./sections/icon.tsx";
import { AboutPage } from "./pages/about.tsx";
import { ArticlePage } from "./pages/article.tsx";
import { BlogPage } from "./pages/blog.tsx";
import { CityPage } from "./pages/city.tsx";
import { CommercialPage } from "./pages/commercial.tsx";
import { HomePage } from "./pages/home.tsx";
import { LegalPage } from "./pages/legal.tsx";
import { NotFoundPage } from "./pages/not-found.tsx";
import { ResidentialPage } from "./pages/residential.tsx";
import { ServiceAreasPage } from "./pages/service-areas.tsx";

/** Every page template by name; the route planner names one for each page. */
export const pages: { [T in TemplateName]: ComponentType<TemplateProps<T>> } = {
  home: HomePage,
  residential: ResidentialPage,
  commercial: CommercialPage,
  "service-areas": ServiceAreasPage,
  about: AboutPage,
  city: CityPage,
  blog: BlogPage,
  article: ArticlePage,
  legal: LegalPage,
  "not-found": NotFoundPage,
};

/** Where each template lives, for error messages. */
export const templateFiles: Record<TemplateName, string> = {
  home: "templates/pages/home.tsx",
  residential: "templates/pages/residential.tsx",
  commercial: "templates/pages/commercial.tsx",
  "service-areas": "templates/pages/service-areas.tsx",
  about: "templates/pages/about.tsx",
  city: "templates/pages/city.tsx",
  blog: "templates/pages/blog.tsx",
  article: "templates/pages/article.tsx",
  legal: "templates/pages/legal.tsx",
  "not-found": "templates/pages/not-found.tsx",
};

export { Document, IconSprite };
