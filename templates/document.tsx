import type { ReactNode } from "react";
import type { ReuseRegistry } from "../src/render/reuse.ts";
import type { Localize } from "../src/routes/languages.ts";
import type { AssetsView, ChromeView, HeadView, ShareView } from "../src/routes/page-props.ts";
import { CallbackModal, ToastRegion } from "./sections/callback-modal.tsx";
import { Footer } from "./sections/footer.tsx";
import { currentNavLink, Header } from "./sections/header.tsx";
import { Reuse, ReuseContext } from "./sections/reuse.tsx";
import { IconSpriteContext } from "./sections/icon.tsx";
import { LocalizeContext } from "./sections/localize.tsx";
import { MobileBar } from "./sections/mobile-bar.tsx";
import { Notice } from "./sections/notice.tsx";
import { ImagesContext } from "./sections/picture.tsx";
import { LEAD_FORM_ID } from "./sections/lead-form.tsx";
import { pageScript } from "./page-bundle.ts";
import { pageStylesheet } from "./page-styles.ts";

/** What every page ends with, whatever its path: footer, mobile bar, call-back modal, toast region. */
function SharedChrome({ chrome }: { chrome: ChromeView }) {
  return (
    <>
      <Footer chrome={chrome} />
      <MobileBar chrome={chrome} />
      <CallbackModal chrome={chrome} />
      <ToastRegion />
    </>
  );
}

/**
 * The HTML document around every page: head, skip link, header, main, footer, modal. `reuse` is the
 * renderer's: blocks in <Reuse> are rendered once per build and copied into every page. `localize`
 * is the page's language's (none for the default language): every block of the body links with it.
 */
export function Document(props: { head: HeadView; chrome: ChromeView; assets: AssetsView; reuse?: ReuseRegistry; localize?: Localize; children: ReactNode }) {
  const { head, chrome, assets } = props;
  const site = head.site;
  const pageSheet = pageStylesheet(props.children, assets.pageStylesheets);
  // The one bundle this page's template names; a page the document does not know loads every page's scripts.
  const own = pageScript(props.children, assets.pageScripts);
  const scripts = own ? [own] : assets.scripts;
  return (
    <html lang={head.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.canonical} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="theme-color" content={site.themeColor} />
        <link rel="icon" href={site.icon.href} type={site.icon.type} />
        <link rel="apple-touch-icon" href={site.appleTouchIcon} />
        <link rel="manifest" href={site.manifest} />
        <link rel="alternate" type="application/atom+xml" title={site.feed.title} href={site.feed.href} />
        {head.languages?.alternates.map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
        <ShareTags share={head.share} />
        {head.languages ? <LocaleTags locale={head.locale} alternates={head.languages.localeAlternates} /> : null}
        <link rel="stylesheet" href={pageSheet ?? assets.stylesheet} />
        {scripts.map((src) => (
          <script key={src} type="module" src={src}></script>
        ))}
        {head.structuredData.map((json) => (
          <script key={json} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }}></script>
        ))}
      </head>
      <body>
        <BodyContexts reuse={props.reuse} icons={assets.icons} localize={props.localize}>
          <a className="skip-link" href="#main">
            {chrome.copy.skipLink}
          </a>
          {chrome.notice ? <Notice notice={chrome.notice} /> : null}
          <Header chrome={chrome} current={currentNavLink(chrome, head.navPath)} languages={head.languages?.switcher} />
          <main id="main">
            <ImagesContext.Provider value={assets.images ?? {}}>{props.children}</ImagesContext.Provider>
          </main>
          {/* The same on every page: rendered once. */}
          <Reuse component={SharedChrome} props={{ chrome }} />
          {/* The page the own form is sent from: this page's, outside the form all pages share; the form's script chooses its town or service. */}
          {chrome.ownForm ? <input type="hidden" name="page" value={head.path} form={LEAD_FORM_ID} data-town={head.formChoice?.town} data-service={head.formChoice?.service} /> : null}
        </BodyContexts>
      </body>
    </html>
  );
}

/** What the blocks of the body may read: the renderer's reuse registry, the icon sprite and the page's language's links. */
function BodyContexts(props: { reuse?: ReuseRegistry; icons?: string; localize?: Localize; children: ReactNode }) {
  const body = <IconSpriteContext.Provider value={props.icons}>{props.children}</IconSpriteContext.Provider>;
  return <ReuseContext.Provider value={props.reuse}>{props.localize ? <LocalizeContext.Provider value={props.localize}>{body}</LocalizeContext.Provider> : body}</ReuseContext.Provider>;
}

/** Open Graph and Twitter card tags: how a shared link to the page looks. */
function ShareTags({ share }: { share: ShareView }) {
  return (
    <>
      <meta property="og:type" content={share.type} />
      <meta property="og:site_name" content={share.siteName} />
      <meta property="og:title" content={share.title} />
      <meta property="og:description" content={share.description} />
      <meta property="og:url" content={share.url} />
      <meta property="og:image" content={share.image.url} />
      <meta property="og:image:type" content={share.image.type} />
      <meta property="og:image:width" content={String(share.image.width)} />
      <meta property="og:image:height" content={String(share.image.height)} />
      <meta property="og:image:alt" content={share.image.alt} />
      {share.publishedTime ? <meta property="article:published_time" content={share.publishedTime} /> : null}
      {/* X/Twitter reads title, description and image from the og: tags above; only the card type is its own. */}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/** og:locale and its alternates (en_US, es_US), on a site with more than one language. */
function LocaleTags({ locale, alternates }: { locale: string; alternates: string[] }) {
  const og = (value: string) => value.replace("-", "_");
  return (
    <>
      <meta property="og:locale" content={og(locale)} />
      {alternates.map((alternate) => (
        <meta key={alternate} property="og:locale:alternate" content={og(alternate)} />
      ))}
    </>
  );
}
