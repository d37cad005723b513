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
import { ThankYouPage } from "./pages/thank-you.tsx";
import { ServiceAreasPage } from "./pages/service-areas.tsx";
import { ServicePage } from "./pages/service.tsx";
import { OwnPage } from "./pages/own.tsx";

/** Every page template by kind (src/page-kinds.ts, which names each one's file for error messages). */
export const pages: { [T in TemplateName]: ComponentType<TemplateProps<T>> } = {
  home: HomePage,
  service: ServicePage,
  "service-areas": ServiceAreasPage,
  about: AboutPage,
  city: CityPage,
  blog: BlogPage,
  article: ArticlePage,
  legal: LegalPage,
  own: OwnPage,
  "not-found": NotFoundPage,
  "thank-you": ThankYouPage,
};

export { Document, IconSprite };
