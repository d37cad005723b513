import type { ReactNode } from "react";
import type { CardCopy, CtaCopy, ProcessCopy } from "../../src/content/copy-schema.ts";
import type { ChromeView, ReviewBadgeView } from "../../src/routes/page-props.ts";
import { CallButton, QuoteButton } from "./buttons.tsx";
import { Icon, Stars } from "./icon.tsx";
import { Picture } from "./picture.tsx";
import { useLocalize } from "./localize.tsx";

/** A page section that fades in once when scrolled to (never hidden without JavaScript). */
export function Section(props: { id?: string; heading: string; text?: string; className?: string; children?: ReactNode }) {
  const headingId = props.id ? `${props.id}-heading` : undefined;
  return (
    <section className={`section ${props.className ?? ""}`.trim()} id={props.id} aria-labelledby={headingId} data-reveal="">
      <div className="container">
        <h2 id={headingId}>{props.heading}</h2>
        {props.text ? <p className="section-lead">{props.text}</p> : null}
        {props.children}
      </div>
    </section>
  );
}

/** Hero of a content page: heading, text, call and quote buttons, optional badge and image. */
export function Hero(props: {
  chrome: ChromeView;
  heading: string;
  text: string;
  badge?: ReviewBadgeView;
  image?: { src: string; alt: string };
  actions?: ReactNode;
}) {
  return (
    <section className="hero">
      {/* Without a picture the words take the row: the grid's second column would stand empty. */}
      <div className={props.image ? "container hero-inner" : "container"}>
        <div className="hero-copy">
          <h1>{props.heading}</h1>
          <p className="hero-text">{props.text}</p>
          {props.badge ? <ReviewBadge badge={props.badge} /> : null}
          <div className="actions">
            {props.actions ?? (
              <>
                <CallButton chrome={props.chrome} />
                <QuoteButton chrome={props.chrome} />
              </>
            )}
          </div>
        </div>
        {props.image ? (
          <Picture className="hero-image" src={props.image.src} alt={props.image.alt} width={1200} height={800}
            sizes="(min-width: 1024px) 50vw, 100vw" priority />
        ) : null}
      </div>
    </section>
  );
}

/** Stars, the review claim and the review links; stacks on small screens. */
export function ReviewBadge({ badge }: { badge: ReviewBadgeView }) {
  return (
    <div className="review-badge">
      <Stars count={badge.stars} />
      <strong>{badge.claim}</strong>
      <ul>
        {badge.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} rel="noopener" target="_blank">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Licence numbers, each with a badge icon; nothing for none. */
export function LicenseList({ licenses }: { licenses: string[] }) {
  if (licenses.length === 0) return null;
  return (
    <ul className="licenses">
      {licenses.map((license) => (
        <li key={license}>
          <Icon name="badge" />
          {license}
        </li>
      ))}
    </ul>
  );
}

/** A card; one of a page left in the default language says so (its link's hreflang, its words' lang). */
type Card = CardCopy & { titleLang?: string; textLang?: string; hreflang?: string };

export function FeatureCards({ cards }: { cards: Card[] }) {
  const localize = useLocalize();
  return (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.title} className={card.featured ? "card card-featured" : "card"}>
          <Icon name={card.icon} className="card-icon" />
          <h3 lang={card.titleLang}>{card.href ? <a href={localize(card.href)} hrefLang={card.hreflang}>{card.title}</a> : card.title}</h3>
          <p lang={card.textLang}>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function ProcessSteps({ process, id }: { process: ProcessCopy; id: string }) {
  const localize = useLocalize();
  return (
    <Section id={id} heading={process.heading} text={process.text} className="section-tint">
      <ol className="steps">
        {process.steps.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
              {step.link ? (
                <a className="text-link" href={localize(step.link.href)}>
                  {step.link.label}
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Disclosure widgets: each opens without JavaScript; the script keeps one open at a time. */
export function Faq({ heading, items, id = "faq" }: { heading: string; items: Array<{ question: string; answer: string }>; id?: string }) {
  return (
    <Section id={id} heading={heading}>
      <div className="faq" data-accordion="">
        {items.map((item) => (
          <details key={item.question} className="faq-item" name={`${id}-items`}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** A before and an after picture, side by side from the medium breakpoint, each with its caption. */
export function BeforeAfter({ pictures }: { pictures: Array<{ image: string; alt: string; caption: string }> }) {
  return (
    <div className="before-after">
      {pictures.map((picture) => (
        <figure key={picture.image}>
          <Picture src={picture.image} alt={picture.alt} width={800} height={600} sizes="(min-width: 768px) 50vw, 100vw" />
          <figcaption>{picture.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}

export function Prose({ paragraphs }: { paragraphs: string[] }) {
  return (
    <div className="prose">
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/** The closing call to action; the city variant sits on the brand colour. `quote` replaces the quote button (a service's e-mail link). */
export function CallToAction(props: { chrome: ChromeView; cta: CtaCopy; variant?: "default" | "city"; headingId?: string; quote?: ReactNode }) {
  const { chrome, cta, variant = "default" } = props;
  const headingId = props.headingId ?? `cta-${variant}-heading`;
  return (
    <section className={`cta cta-${variant}`} aria-labelledby={headingId}>
      <div className="container cta-inner">
        <h2 id={headingId}>{cta.heading}</h2>
        <p>{cta.text}</p>
        <div className="actions">
          <CallButton chrome={chrome} withNumber className="button button-light" />
          {props.quote ?? <QuoteButton chrome={chrome} className="button button-outline-light" />}
        </div>
      </div>
    </section>
  );
}
