import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { isLanguage, LANGUAGES } from '@/lib/languages';
import { siteOrigin } from '@/lib/site-origin';
import { NOT_FOUND_PAGE } from './route-table';

/** What a route declares about itself; `page` names its entry under `pages` in common.json. */
export interface RouteHandle {
  page: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).page === 'string';
}

/**
 * The page's title, description, canonical address and one `hreflang` alternate per language, as React 19
 * document metadata: React puts them in `<head>`, the build's prerender step writes them into each page's HTML,
 * and hydration adopts them. The title is the site's (it depends on the language, docs/product/README.md), then the
 * page's own suffix from the route table's page key.
 */
export function RouteMeta() {
  const { t } = useTranslation();
  const matches = useMatches();
  const match = [...matches].reverse().find((candidate) => isRouteHandle(candidate.handle));
  const handle = match?.handle as RouteHandle | undefined;
  const page = handle?.page ?? 'home';
  // A page with a parameter words its title from it (`pages.blogPost.title` nests the article's own title).
  const params = match?.params ?? {};
  const { pathname, search } = useLocation();
  const siteTitle = t('meta.siteTitle');
  const pageTitle = t(`pages.${page}.title`, { defaultValue: '', ...params });
  const url = `${siteOrigin()}${pathname}`;
  // The address itself, `?lng=` included when it names a language: each language's page is its own canonical
  // (and the unmarked address, the x-default, is its own). The server writes the same into the prerendered HTML.
  const lng = new URLSearchParams(search).get('lng');
  const canonical = isLanguage(lng) ? `${url}?lng=${lng}` : url;
  const title = <title>{pageTitle ? `${siteTitle} | ${pageTitle}` : siteTitle}</title>;
  const description = (
    <meta
      name="description"
      content={t(`pages.${page}.description`, { defaultValue: t('meta.siteDescription'), ...params })}
    />
  );
  // The not-found page answers 404: no address of its own to call canonical, none in another language.
  if (page === NOT_FOUND_PAGE) {
    return (
      <>
        {title}
        {description}
        <meta name="robots" content="noindex" />
      </>
    );
  }
  return (
    <>
      {title}
      {description}
      <link rel="canonical" href={canonical} />
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={`${url}?lng=${language}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url} />
    </>
  );
}
