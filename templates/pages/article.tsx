import type { TemplateProps } from "../../src/routes/page-props.ts";
import { CallButton, QuoteButton } from "../sections/buttons.tsx";
import { Icon } from "../sections/icon.tsx";
import { Picture } from "../sections/picture.tsx";
import { MarkdownBody, useLocalize } from "../sections/localize.tsx";

export function ArticlePage({ chrome, page }: TemplateProps<"article">) {
  const { article, copy } = page;
  const localize = useLocalize();
  return (
    <article className="article">
      <header className="container article-column article-header">
        <a className="text-link back-link" href={localize("/blog")}>
          <Icon name="back" />
          {copy.backLabel}
        </a>
        <p className="category">{article.category}</p>
        <h1>{article.title}</h1>
        <p className="article-meta">
          <time dateTime={article.date}>{formatDate(article.date, chrome.locale)}</time>
        </p>
      </header>
      <div className="container article-column article-hero">
        <Picture src={article.image} alt={article.imageAlt} width={1200} height={630} sizes="(min-width: 752px) 672px, 100vw" priority />
      </div>
      {/* The body is markdown rendered at build time under a policy that forbids raw HTML. */}
      <MarkdownBody className="container article-column prose article-body" html={article.html} />
      <aside className="container article-column article-cta" aria-labelledby="article-cta-heading">
        <div className="article-cta-box">
          <h2 id="article-cta-heading">{copy.cta.heading}</h2>
          <p>{copy.cta.text}</p>
          <div className="actions">
            <CallButton chrome={chrome} withNumber />
            <QuoteButton chrome={chrome} />
          </div>
        </div>
      </aside>
    </article>
  );
}

/**
 * 2025-10-17 as the page's locale writes it, by Intl: October 17, 2025 (en-US), 17 de octubre de
 * 2025 (es-US). A calendar day, not an instant: read as UTC.
 */
export function formatDate(isoDate: string, locale = "en-US"): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(Date.UTC(year!, (month ?? 1) - 1, day));
}
