import type { TemplateProps } from "../../src/routes/page-props.ts";
import { LicenseList } from "../sections/blocks.tsx";
import { formatDate } from "./article.tsx";

export function LegalPage({ chrome, page }: TemplateProps<"legal">) {
  const { legal, breadcrumb } = page;
  return (
    <article className="legal">
      <div className="container">
        <nav className="breadcrumb" aria-label={chrome.copy.breadcrumb.label}>
          <ol>
            {breadcrumb.map((crumb, index) => (
              <li key={crumb.href}>
                {index === breadcrumb.length - 1 ? (
                  <a href={crumb.href} aria-current="page">
                    {crumb.label}
                  </a>
                ) : (
                  <a href={crumb.href}>{crumb.label}</a>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1>{legal.heading}</h1>
        {legal.updated ? (
          <p className="article-meta">
            {chrome.copy.lastUpdated} <time dateTime={legal.updated}>{formatDate(legal.updated, chrome.locale)}</time>
          </p>
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: legal.html }} />
        <section className="prose legal-licenses" aria-labelledby="licenses-heading">
          <h2 id="licenses-heading">{chrome.copy.legalLicenses}</h2>
          <LicenseList licenses={page.licenses} />
        </section>
      </div>
    </article>
  );
}
