/**
 * The origin written into the prerendered HTML's absolute links (canonical, hreflang, sitemap). The server
 * replaces it with the site's real origin when it sends a page (apps/api/src/plugins/web-app.ts); in the
 * browser the page's own origin is used, which is the same (docs/decisions/018-prerendered-public-pages.md).
 */
export const PRERENDER_ORIGIN = 'https://prerender.hostpilot.invalid';

export function siteOrigin(): string {
  return typeof window === 'undefined' ? PRERENDER_ORIGIN : window.location.origin;
}
