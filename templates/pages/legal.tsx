import type { PrivacyChoicesView, TemplateProps } from "../../src/routes/page-props.ts";
import { LicenseList } from "../sections/blocks.tsx";
import { formatDate } from "./article.tsx";
import { MarkdownBody, useLocalize } from "../sections/localize.tsx";

export function LegalPage({ chrome, page }: TemplateProps<"legal">) {
  const { legal, breadcrumb } = page;
  const localize = useLocalize();
  return (
    <article className="legal">
      <div className="container">
        <nav className="breadcrumb" aria-label={chrome.copy.breadcrumb.label}>
          <ol>
            {breadcrumb.map((crumb, index) => (
              <li key={crumb.href}>
                {index === breadcrumb.length - 1 ? (
                  <a href={localize(crumb.href)} aria-current="page">
                    {crumb.label}
                  </a>
                ) : (
                  <a href={localize(crumb.href)}>{crumb.label}</a>
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
        <MarkdownBody className="prose" html={legal.html} />
        {page.privacyChoices ? <PrivacyChoices view={page.privacyChoices} /> : null}
        {page.licenses.length > 0 ? (
          <section className="prose legal-licenses" aria-labelledby="licenses-heading">
            <h2 id="licenses-heading">{chrome.copy.legalLicenses}</h2>
            <LicenseList licenses={page.licenses} />
          </section>
        ) : null}
      </div>
    </article>
  );
}

/**
 * "Your Privacy Choices": the opt-out of selling and sharing. The control is hidden until its
 * script shows it with the current state; the text around it says how to opt out without it.
 */
function PrivacyChoices({ view }: { view: PrivacyChoicesView }) {
  const { copy, id } = view;
  return (
    <section className="prose privacy-choices" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.link}</h2>
      <p>{copy.text}</p>
      <div className="privacy-control" data-privacy-choices="" data-allowed={copy.allowed} data-opted-out={copy.optedOut} data-off-by-default={copy.offByDefault} data-gpc={copy.gpc} hidden>
        <p className="privacy-option">
          <input type="checkbox" id={`${id}-opt-out`} aria-describedby={`${id}-hint`} />
          <label htmlFor={`${id}-opt-out`}>{copy.label}</label>
        </p>
        <p className="privacy-hint" id={`${id}-hint`}>
          {copy.hint}
        </p>
        <p className="privacy-status" role="status" data-privacy-status=""></p>
      </div>
      <p>{copy.howTo}</p>
    </section>
  );
}
