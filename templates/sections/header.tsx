import type { ChromeView, Link, NavGroup, PageLanguagesView } from "../../src/routes/page-props.ts";
import { Icon } from "./icon.tsx";
import { useLocalize } from "./localize.tsx";
import { Reuse } from "./reuse.tsx";

/** Whether a nav link is the current page: Blog is current for every /blog/* page too. */
export function isCurrent(href: string, path: string): boolean {
  if (href === path) return true;
  return href === "/blog" && path.startsWith("/blog/");
}

/** The nav link that is the current page at `path`, if any. */
export function currentNavLink(chrome: ChromeView, path: string): string | undefined {
  return chrome.nav.flatMap((entry) => ("links" in entry ? entry.links : [entry])).find((link) => isCurrent(link.href, path))?.href;
}

/**
 * The site header; `current` is the href of the nav link to mark as the current page. Below the
 * large breakpoint the navigation sits behind a menu button (a disclosure the menu script wires);
 * without JavaScript the button is not shown and the links are listed in full. The brand and menu
 * are the same on every page with the same current link, the call button on every page: each is
 * rendered once (<Reuse>); the language switcher is this page's own.
 */
export function Header({ chrome, current, languages }: { chrome: ChromeView; current?: string; languages?: LanguageLink[] }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Reuse component={BrandAndMenu} props={{ chrome, current }} />
        {languages?.length ? <LanguageSwitcher chrome={chrome} languages={languages} /> : null}
        <Reuse component={CallButton} props={{ chrome }} />
      </div>
    </header>
  );
}

function BrandAndMenu({ chrome, current }: { chrome: ChromeView; current?: string }) {
  const localize = useLocalize();
  return (
    <>
      <a className="brand" href={localize("/")}>
        <img src="/images/logo.svg" width="40" height="40" alt="" />
        <span className="brand-name">
          {chrome.brandName.lead}
          {chrome.brandName.rest ? <span className="brand-rest">{chrome.brandName.rest}</span> : null}
        </span>
      </a>
      <button type="button" className="menu-button" aria-expanded="false" aria-controls="site-nav" data-menu-button="">
        <Icon name="menu" />
        <span className="menu-button-text">{chrome.copy.nav.menu}</span>
      </button>
      <nav id="site-nav" className="site-nav" aria-label={chrome.copy.nav.label}>
        <ul>
          {chrome.nav.map((entry) => ("links" in entry ? <MenuGroup key={entry.label} group={entry} current={current} /> : <MenuLink key={entry.href} link={entry} current={current} />))}
        </ul>
      </nav>
    </>
  );
}

function CallButton({ chrome }: { chrome: ChromeView }) {
  return (
    <a className="header-call" href={`tel:${chrome.phone.tel}`} aria-label={chrome.copy.callButton}>
      <Icon name="phone" />
      <span className="header-call-text">{chrome.copy.callButton}</span>
    </a>
  );
}

function MenuLink({ link, current }: { link: Link; current?: string }) {
  const localize = useLocalize();
  return (
    <li>
      <a href={localize(link.href)} aria-current={link.href === current ? "page" : undefined} lang={link.lang} hrefLang={link.hreflang}>
        {link.label}
      </a>
    </li>
  );
}

/** Links under one name (the services, when there are many): a disclosure, open by itself without JavaScript. */
function MenuGroup({ group, current }: { group: NavGroup; current?: string }) {
  return (
    <li className="nav-group">
      <details>
        <summary className={group.links.some((link) => link.href === current) ? "nav-group-current" : undefined}>
          {group.label}
        </summary>
        <ul>
          {group.links.map((link) => <MenuLink key={link.href} link={link} current={current} />)}
        </ul>
      </details>
    </li>
  );
}

type LanguageLink = PageLanguagesView["switcher"][number];

/**
 * This page in the site's other languages, each link named in its own language (lang, hreflang),
 * its address already the other language's (src/routes/languages.ts), always in view: a reader who does not read this language must not have to find a menu first.
 */
function LanguageSwitcher({ chrome, languages }: { chrome: ChromeView; languages: LanguageLink[] }) {
  return (
    <nav className="language-switcher" aria-label={chrome.copy.nav.languages}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <a hrefLang={language.code} href={language.href} lang={language.code}>
              {/* One of the two is shown: the code where space is tight, the name where it is not. */}
              <span className="language-code">{language.code.toUpperCase()}</span>
              <span className="language-name">{language.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
