import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallButton, QuoteButton } from "../sections/buttons.tsx";
import { Icon } from "../sections/icon.tsx";

export function ArticlePage({ chrome, page }: TemplateProps<"article">) {
  const { article, copy } = page;
  return (
    <article className="article">
      <header className="container article-header">
        <a className="text-link back-link" href="/blog">
          <Icon name="back" />
          {copy.backLabel}
        </a>
        <p className="category">{article.category}</p>
        <h1>{article.title}</h1>
        <p className="article-meta">
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </p>
      </header>
      <div className="container article-hero">
        <img src={article.image} alt={article.imageAlt} width="1200" height="630" fetchPriority="high" />
      </div>
      {/* The body is markdown rendered at build time under a policy that forbids raw HTML. */}
      <div className="container prose article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
      <aside className="container article-cta" aria-labelledby="article-cta-heading">
        <h2 id="article-cta-heading">{copy.cta.heading}</h2>
        <p>{copy.cta.text}</p>
        <div className="actions">
          <CallButton chrome={chrome} label={`${chrome.copy.buttons.call} ${chrome.phone.display}`} />
          <QuoteButton chrome={chrome} />
        </div>
      </aside>
    </article>
  );
}

/** 2025-10-17 -> October 17, 2025 (UTC: the date is a calendar day, not an instant). */
export function formatDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
