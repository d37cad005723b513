import type { ChromeView, Link } from "../../src/routes/page-props.ts";
import { useLocalize } from "./localize.tsx";

function LinkGroup({ heading, links }: { heading: string; links: Link[] }) {
  const localize = useLocalize();
  return (
    <div className="footer-group">
      <h2>{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={localize(link.href)} lang={link.lang} hrefLang={link.hreflang}>{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer({ chrome }: { chrome: ChromeView }) {
  const copy = chrome.copy.footer;
  const localize = useLocalize();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <a className="brand brand-footer" href={localize("/")}>
            <img src="/images/logo.svg" width="40" height="40" alt="" loading="lazy" />
            <span>{chrome.company}</span>
          </a>
          <p>{copy.about}</p>
        </div>
        <LinkGroup heading={copy.services} links={chrome.footerServices} />
        <LinkGroup heading={copy.company} links={chrome.footerCompany} />
        <div className="footer-group">
          <h2>{copy.contact}</h2>
          <ul>
            <li>
              <a href={`tel:${chrome.phone.tel}`}>{chrome.phone.display}</a>
            </li>
            {chrome.emergency ? (
              <li>
                {chrome.emergency.label} <a href={`tel:${chrome.emergency.phone.tel}`}>{chrome.emergency.phone.display}</a>
              </li>
            ) : null}
            <li>
              <a href={`mailto:${chrome.email}`}>{chrome.email}</a>
            </li>
            {chrome.openAllDay ? <li>{chrome.openAllDay}</li> : null}
            {chrome.hours?.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {chrome.address ? <li>{chrome.address}</li> : null}
          </ul>
        </div>
      </div>
      <div className="container">
        <div className="footer-legal">
          <p>{chrome.copyright}</p>
          {chrome.licenses.map((license) => (
            <p key={license}>{license}</p>
          ))}
          {chrome.untranslatedNote ? <p>{chrome.untranslatedNote}</p> : null}
          <ul>
            {chrome.footerLegal.map((link) => (
              <li key={link.href}>
                <a href={localize(link.href)}>{link.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
