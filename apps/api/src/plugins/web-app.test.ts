import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

const BUILD_ORIGIN = 'https://prerender.hostpilot.invalid';

/** A dist/ as the web app's build leaves it: the shell, an asset, and prerendered pages in two languages. */
function writeDist(withPages: boolean): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (!withPages) return dist;
  const pages = path.join(dist, 'pages');
  for (const [language, home, hosting, missing] of [
    ['en', 'Web hosting', 'Hosting plans', 'Page not found'],
    ['ru', 'Веб-хостинг', 'Тарифы хостинга', 'Страница не найдена'],
  ]) {
    fs.mkdirSync(path.join(pages, language!), { recursive: true });
    const page = (text: string) =>
      `<!doctype html><html lang="${language}"><link rel="canonical" href="${BUILD_ORIGIN}/x"><div id="root"><h1>${text}</h1></div>`;
    fs.writeFileSync(path.join(pages, language!, 'index.html'), page(home!));
    fs.writeFileSync(path.join(pages, language!, 'hosting.html'), page(hosting!));
    fs.writeFileSync(path.join(pages, language!, 'hosting.demo.html'), page(`${hosting!} (demo)`));
    fs.writeFileSync(path.join(pages, language!, '404.html'), page(missing!));
    fs.mkdirSync(path.join(pages, language!, 'cart'));
    fs.writeFileSync(path.join(pages, language!, 'cart', 'add-starter-1.html'), page(`${language} cart: Starter`));
    fs.mkdirSync(path.join(pages, language!, 'shell'));
    fs.writeFileSync(path.join(pages, language!, 'shell', 'dashboard.html'), page(`${language} dashboard frame`));
  }
  fs.writeFileSync(path.join(pages, 'sitemap.xml'), `<urlset><url><loc>${BUILD_ORIGIN}/?lng=en</loc></url></urlset>`);
  fs.writeFileSync(path.join(pages, 'robots.txt'), `User-agent: *\nSitemap: ${BUILD_ORIGIN}/sitemap.xml\n`);
  fs.writeFileSync(
    path.join(pages, 'manifest.json'),
    JSON.stringify({
      origin: BUILD_ORIGIN,
      languages: ['en', 'ru'],
      routes: { '/': 'index.html', '/hosting': 'hosting.html' },
      notFound: '404.html',
      clientPrefixes: ['/dashboard', '/admin', '/cart'],
      queryPages: { '/cart': { params: ['add', 'period'], pages: { 'starter 1': 'cart/add-starter-1.html' } } },
      shells: { '/dashboard': 'shell/dashboard.html' },
    }),
  );
  return dist;
}

describe('serving the built web app with prerendered pages', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = writeDist(true);
    ctx = await createTestApp({ WEB_DIST: dist }, { serveWebApp: true });
  });

  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a public page prerendered in English by default, uncached and under the CSP', async () => {
    for (const [url, text] of [
      ['/', 'Web hosting'],
      ['/hosting', 'Hosting plans'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-language']).toBe('en');
      expect(response.headers.vary).toContain('Accept-Language');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toContain(`<h1>${text}</h1>`);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('sends the Russian HTML for ?lng=ru, for the i18next cookie and for Accept-Language, in that order', async () => {
    const russian = [
      { url: '/hosting?lng=ru' },
      { url: '/hosting?lng=ru', headers: { cookie: 'i18next=en', 'accept-language': 'en' } },
      { url: '/hosting', headers: { cookie: 'theme=dark; i18next=ru' } },
      { url: '/hosting', headers: { cookie: 'i18next=ru', 'accept-language': 'en-US,en' } },
      { url: '/hosting', headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } },
    ];
    for (const request of russian) {
      const response = await ctx.app.inject({ method: 'GET', ...request });
      expect(response.headers['content-language'], JSON.stringify(request)).toBe('ru');
      expect(response.body).toContain('<html lang="ru">');
      expect(response.body).toContain('<h1>Тарифы хостинга</h1>');
    }
    const english = [
      { url: '/hosting?lng=en', headers: { cookie: 'i18next=ru', 'accept-language': 'ru' } },
      { url: '/hosting', headers: { cookie: 'i18next=en', 'accept-language': 'ru' } },
      { url: '/hosting', headers: { 'accept-language': 'de-DE, fr;q=0.5' } },
    ];
    for (const request of english) {
      const response = await ctx.app.inject({ method: 'GET', ...request });
      expect(response.body, JSON.stringify(request)).toContain('<h1>Hosting plans</h1>');
    }
  });

  it("writes the request's origin over the build's into links, and compresses what it sends", async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'example.test:8080' } });
    expect(plain.body).toContain('href="http://example.test:8080/x"');
    expect(plain.body).not.toContain(BUILD_ORIGIN);
    // An address with ?lng= is its own canonical, as the app writes it.
    const russian = await ctx.app.inject({ method: 'GET', url: '/?lng=ru', headers: { host: 'example.test' } });
    expect(russian.body).toContain('<link rel="canonical" href="http://example.test/x?lng=ru">');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/?lng=xx', headers: { host: 'example.test' } });
    expect(unknown.body).toContain('<link rel="canonical" href="http://example.test/x">');
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/?lng=ru',
      headers: { host: 'example.test', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Веб-хостинг</h1>');
    const forged = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'a"><script>x</script>' } });
    expect(forged.body).not.toContain('<script>');
    expect(forged.body).toContain('href="http://localhost/x"');
  });

  it('answers an unknown public address with the prerendered not-found page and status 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page', headers: { cookie: 'i18next=ru' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Страница не найдена</h1>');
  });

  it("answers the client-rendered areas with the app's shell", async () => {
    for (const url of ['/dashboard/hosting', '/admin/users?page=2', '/admin/no-such']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe('<!doctype html><html lang="en"><div id="root"></div>');
    }
  });

  it("sends the dashboard home with its prerendered frame, in the visitor's language, uncached", async () => {
    for (const [request, language] of [
      [{ url: '/dashboard' }, 'en'],
      [{ url: '/dashboard?lng=ru' }, 'ru'],
      [{ url: '/dashboard', headers: { cookie: 'i18next=ru' } }, 'ru'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', ...request });
      expect(response.statusCode, request.url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-language']).toBe(language);
      expect(response.body).toContain(`<h1>${language} dashboard frame</h1>`);
    }
  });

  it("sends a plan button's cart address prerendered, in the visitor's language, and any other cart the shell", async () => {
    const added = await ctx.app.inject({ method: 'GET', url: '/cart?add=starter&period=1&lng=ru' });
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe('no-cache');
    expect(added.headers['content-language']).toBe('ru');
    expect(added.body).toContain('<h1>ru cart: Starter</h1>');
    for (const url of ['/cart', '/cart?add=starter', '/cart?add=starter&period=3', '/cart?add=toString&period=']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<!doctype html><html lang="en"><div id="root"></div>');
    }
  });

  it('serves the sitemap and robots.txt with absolute links to this site, and never the pages folder as files', async () => {
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'hp.test' } });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://hp.test/?lng=en</loc>');
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'hp.test' } });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: http://hp.test/sitemap.xml');
    const raw = await ctx.app.inject({ method: 'GET', url: '/pages/en/index.html' });
    expect(raw.body).not.toContain('Web hosting');
  });

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const ico = await ctx.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('keeps unknown /api paths as JSON 404s, not the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('does not answer other methods with the app', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('serving a build without prerendered pages', () => {
  it('answers every address with the shell', async () => {
    const dist = writeDist(false);
    const ctx = await createTestApp({ WEB_DIST: dist }, { serveWebApp: true });
    try {
      for (const url of ['/', '/hosting', '/dashboard']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
      }
    } finally {
      await ctx.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a server in demo mode', () => {
  it('marks every document it serves and sends the demo variant of a page that has one', async () => {
    const dist = writeDist(true);
    const demo = await createTestApp({ WEB_DIST: dist, SEED_DEMO: 'true' }, { serveWebApp: true });
    const plain = await createTestApp({ WEB_DIST: dist }, { serveWebApp: true });
    try {
      const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url }).then((r) => r.body);
      expect(await get(demo, '/hosting')).toContain('<html lang="en" data-demo>');
      expect(await get(demo, '/hosting')).toContain('<h1>Hosting plans (demo)</h1>');
      expect(await get(demo, '/hosting?lng=ru')).toContain('<h1>Тарифы хостинга (demo)</h1>');
      expect(await get(demo, '/')).toContain('<html lang="en" data-demo><link');
      expect(await get(demo, '/dashboard/hosting')).toBe(
        '<!doctype html><html lang="en" data-demo><div id="root"></div>',
      );
      expect(await get(demo, '/dashboard')).toContain('<html lang="en" data-demo><link');

      for (const url of ['/', '/hosting', '/dashboard', '/dashboard/hosting'])
        expect(await get(plain, url)).not.toContain('data-demo');
      expect(await get(plain, '/hosting')).toContain('<h1>Hosting plans</h1>');
    } finally {
      await demo.close();
      await plain.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the site origin setting', () => {
  it('replaces the request host in links when SITE_ORIGIN is set', async () => {
    const dist = writeDist(true);
    const ctx = await createTestApp(
      { WEB_DIST: dist, SITE_ORIGIN: 'https://hostpilot.example' },
      { serveWebApp: true },
    );
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'other.test' } });
      expect(response.body).toContain('href="https://hostpilot.example/x"');
    } finally {
      await ctx.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the default location of the built web app', () => {
  it('is apps/web/dist whether the API runs from source or bundled', async () => {
    const { DEFAULT_WEB_DIST } = await import('./web-app');
    expect(DEFAULT_WEB_DIST).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });
});
