import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardPaths } from '@/features/dashboard/lib/paths';
import { useBlogPosts } from '@/features/marketing/api/use-blog-posts';
import { FOOTER_GROUPS, MAIN_LINKS, SERVICE_LINKS } from './navigation';
import { BLOG_POST_SLUGS, PRERENDERED_ROUTES, pathOf, ROUTE_TABLE, routesOf } from './route-table';
import { routes } from './routes';

/** Every route object of the router's tree with the full path it answers. */
function flatten(tree: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return tree.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent}/${route.path}`.replace('//', '/') : parent;
    return [{ path, route }, ...flatten(route.children ?? [], path)];
  });
}

describe('the route table', () => {
  it('has one entry per path and per page key', () => {
    expect(new Set(ROUTE_TABLE.map((route) => route.path)).size).toBe(ROUTE_TABLE.length);
    expect(new Set(ROUTE_TABLE.map((route) => route.page)).size).toBe(ROUTE_TABLE.length);
  });

  it('prerenders exactly the public pages and the visitors’ forms, except those that read the browser', () => {
    // The cart and checkout read the stored cart; /reset-password, /verify-email and /undo-email-change read their
    // token after `#`, which only the browser sees.
    const browserOnly = ['/cart', '/checkout', '/reset-password', '/verify-email', '/undo-email-change'];
    expect(PRERENDERED_ROUTES).toEqual(
      routesOf('public', 'guest').filter((route) => !browserOnly.includes(route.path)),
    );
    expect(
      routesOf('public', 'guest')
        .filter((route) => !route.prerender)
        .map((route) => route.path),
    ).toEqual(browserOnly);
    expect(PRERENDERED_ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/', '/hosting', '/terms', '/privacy', '/login', '/register']),
    );
  });

  it('is the router’s tree: every entry is a route whose page module exports its component', async () => {
    const tree = flatten(routes);
    for (const entry of ROUTE_TABLE) {
      const match = tree.find(({ path, route }) => path === entry.path && route.lazy && route.handle);
      expect(match, entry.path).toBeDefined();
      expect(match!.route.handle).toEqual({ page: entry.page });
      const lazy = match!.route.lazy as () => Promise<{ Component: unknown }>;
      const { Component } = await lazy();
      expect(typeof Component, entry.module).toBe('function');
    }
  }, 60_000);

  it('is where the site’s menus point', () => {
    const menuPaths = [...SERVICE_LINKS, ...MAIN_LINKS, ...FOOTER_GROUPS.flatMap((group) => group.links)].map(
      (link) => link.to,
    );
    const tablePaths = new Set(ROUTE_TABLE.map((route) => route.path));
    for (const path of menuPaths) expect(tablePaths.has(path), path).toBe(true);
    expect(pathOf('privacy')).toBe('/privacy');
  });

  it('has a route for every address the dashboard links to', () => {
    const patterns = ROUTE_TABLE.map((route) => new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`));
    const addresses = Object.values(dashboardPaths).map((path) => (typeof path === 'string' ? path : path('x1')));
    for (const address of addresses)
      expect(
        patterns.some((pattern) => pattern.test(address)),
        address,
      ).toBe(true);
  });

  it('prerenders an address for every blog article, and only those', () => {
    expect([...BLOG_POST_SLUGS].sort()).toEqual(
      useBlogPosts()
        .map((post) => post.id)
        .sort(),
    );
  });
});
