import type { ReactNode } from "react";
import type { AssetsView, ChromeView, HeadView } from "../src/routes/page-props.ts";
import { CallbackModal, ToastRegion } from "./sections/callback-modal.tsx";
import { Footer } from "./sections/footer.tsx";
import { Header } from "./sections/header.tsx";
import { MobileBar } from "./sections/mobile-bar.tsx";

/** The HTML document around every page: head, skip link, header, main, footer, modal. */
export function Document(props: { head: HeadView; chrome: ChromeView; assets: AssetsView; children: ReactNode }) {
  const { head, chrome, assets } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.canonical} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="theme-color" content="#166534" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.stylesheet} />
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src}></script>
        ))}
        {assets.devScript ? <script type="module" src={assets.devScript}></script> : null}
      </head>
      <body data-analytics-id={chrome.analyticsId}>
        <a className="skip-link" href="#main">
          {chrome.copy.skipLink}
        </a>
        <Header chrome={chrome} path={head.path} />
        <main id="main">{props.children}</main>
        <Footer chrome={chrome} />
        <MobileBar chrome={chrome} />
        <CallbackModal chrome={chrome} />
        <ToastRegion />
      </body>
    </html>
  );
}
