import type { TemplateProps } from "../../src/routes/page-props.ts";

/** Where a call-back request sent without JavaScript ends (site.yaml's leads). */
export function ThankYouPage({ page }: TemplateProps<"thank-you">) {
  return (
    <section className="not-found">
      <div className="container">
        <h1>{page.copy.heading}</h1>
        <p>{page.copy.text}</p>
        <a className="button button-primary" href="/">
          {page.copy.homeLink}
        </a>
      </div>
    </section>
  );
}
