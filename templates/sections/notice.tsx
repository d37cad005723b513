import type { ChromeView } from "../../src/routes/page-props.ts";

/**
 * The site-wide notice, above the header on every page between its days: a region named for screen
 * readers, plain text, nothing to dismiss (the next day's build takes it away).
 */
export function Notice({ notice }: { notice: NonNullable<ChromeView["notice"]> }) {
  return (
    <section className="site-notice" aria-label={notice.label}>
      <p className="container">{notice.text}</p>
    </section>
  );
}
