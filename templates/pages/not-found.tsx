import type { TemplateProps } from "../../src/routes/page-props.ts";
import { useLocalize } from "../sections/localize.tsx";

export function NotFoundPage({ page }: TemplateProps<"not-found">) {
  const localize = useLocalize();
  return (
    <section className="not-found" data-not-found="">
      <div className="container">
        <p className="not-found-code">{page.copy.heading}</p>
        <h1>{page.copy.text}</h1>
        <a className="button button-primary" href={localize("/")}>
          {page.copy.homeLink}
        </a>
      </div>
    </section>
  );
}
