import type { ChromeView } from "../../src/routes/page-props.ts";
import { Icon } from "./icon.tsx";

/** Whether a nav link is the current page: Blog is current for every /blog/* page too. */
export function isCurrent(href: string, path: string): boolean {
  if (href === path) return true;
  return href === "/blog" && path.startsWith("/blog/");
}

export function Header({ chrome, path }: { chrome: ChromeView; path: string }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href="/">
          <img src="/images/logo.svg" width="40" height="40" alt="" />
          <span>{chrome.company}</span>
        </a>
        <nav className="site-nav" aria-label={chrome.copy.nav.label}>
          <ul>
            {chrome.nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={isCurrent(link.href, path) ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a className="header-call" href={`tel:${chrome.phone.tel}`} aria-label={chrome.copy.callButton}>
          <Icon name="phone" />
          <span className="header-call-text">{chrome.copy.callButton}</span>
        </a>
      </div>
    </header>
  );
}
