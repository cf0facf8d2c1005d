import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';

/** What a route declares about itself; `page` names its entry under `pages` in common.json. */
export interface RouteHandle {
  page: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).page === 'string';
}

function setMetaDescription(content: string) {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

const ALTERNATES = [
  ['en', '?lng=en'],
  ['ru', '?lng=ru'],
  ['x-default', ''],
] as const;

/** One <link rel="alternate" hreflang> per language for this path, so search engines find both. */
function setAlternates(pathname: string) {
  for (const [hreflang, query] of ALTERNATES) {
    let link = document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${hreflang}"]`);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      document.head.append(link);
    }
    link.href = `${window.location.origin}${pathname}${query}`;
  }
}

/**
 * Keeps <title> and the meta description in step with the route and the language:
 * the site's title, which depends on the language (docs/product/README.md), then the page's own suffix.
 */
export function RouteMeta() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  const page = handle?.page ?? 'home';
  const { pathname } = useLocation();

  useEffect(() => {
    const siteTitle = t('meta.siteTitle');
    const pageTitle = t(`pages.${page}.title`, { defaultValue: '' });
    document.title = pageTitle ? `${siteTitle} | ${pageTitle}` : siteTitle;
    setMetaDescription(t(`pages.${page}.description`, { defaultValue: t('meta.siteDescription') }));
    setAlternates(pathname);
  }, [t, page, pathname, i18n.language]);

  return null;
}
