import type { TemplateProps } from "../../src/routes/page-props.ts";
import { Icon } from "../sections/icon.tsx";
import { Picture } from "../sections/picture.tsx";
import { useLocalize } from "../sections/localize.tsx";

export function BlogPage({ page }: TemplateProps<"blog">) {
  const { copy } = page;
  const localize = useLocalize();
  return (
    <>
      <section className="hero hero-compact">
        <div className="container">
          <h1>{copy.hero.heading}</h1>
          <p className="hero-text">{copy.hero.text}</p>
        </div>
      </section>
      <section className="section" aria-label={copy.hero.heading}>
        <div className="container">
          <ul className="article-grid">
            {page.articles.map((article, index) => (
              <li key={article.href} className="article-card">
                <Picture src={article.image} alt={article.imageAlt} width={1200} height={630} priority={index === 0} eager={index === 1}
                  sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw" />
                <div className="article-card-body">
                  <p className="category">{article.category}</p>
                  <h2>
                    <a href={localize(article.href)}>{article.title}</a>
                  </h2>
                  <p>{article.excerpt}</p>
                  <a className="text-link" href={localize(article.href)} aria-label={`${copy.readMore}: ${article.title}`}>
                    {copy.readMore}
                    <Icon name="arrow" />
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
