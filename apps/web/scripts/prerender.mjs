#!/usr/bin/env node
// The last step of the web app's build: every prerendered route of the route table, in every language, rendered
// to HTML with the server bundle (src/entry-server.tsx, built by `vite build --ssr` into dist-ssr/), written to
// dist/pages/<language>/, with the sitemap, robots.txt and a manifest the API reads to serve them
// (docs/decisions/018-prerendered-public-pages.md).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const OUT = path.join(DIST, 'pages');

const server = await import(pathToFileURL(path.join(WEB, 'dist-ssr', 'entry-server.js')).href);
const {
  CART_ADD_PARAM,
  CART_ADD_PATHS,
  CART_PERIOD_PARAM,
  LANGUAGES,
  NOT_FOUND_PATH,
  PRERENDER_ORIGIN,
  PRERENDERED_ROUTES,
  ROUTE_TABLE,
  SHELLS,
  SHELL_MODULES,
  addressesOf,
  renderPage,
  renderShell,
} = server;

/** Every prerendered address: a route's own path, or each of its `paths` (`/blog/<slug>`, decision 053). */
const ADDRESSES = PRERENDERED_ROUTES.flatMap((route) => addressesOf(route).map((address) => ({ address, route })));

const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');

/** React writes the page's `<title>`, `<meta>` and `<link>` before the markup when it renders less than a document. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * The font files a page in `language` draws its text with (Inter's Latin subset, and its Cyrillic one for
 * Russian), asked for with the HTML instead of after the stylesheet has been read, so that they usually arrive
 * before the first paint; until then the size-matched fallback face of styles.css shows.
 */
const assets = fs.readdirSync(path.join(DIST, 'assets'));
const fontFile = (subset) => {
  const file = assets.find((name) => new RegExp(`^inter-${subset}-wght-normal-[\\w-]+\\.woff2$`).test(name));
  if (!file) throw new Error(`The build has no Inter ${subset} font file`);
  return `/assets/${file}`;
};
const FONT_SUBSETS = { en: ['latin'], ru: ['latin', 'cyrillic'] };
const fontPreloads = (language) =>
  (FONT_SUBSETS[language] ?? ['latin'])
    .map((subset) => `<link rel="preload" href="${fontFile(subset)}" as="font" type="font/woff2" crossorigin>`)
    .join('');

/**
 * `frame`: the frame of a client-rendered page (`renderShell`), marked `data-shell` so that the app does not take it
 * for a page to hydrate (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
function page(markup, language, { frame = false } = {}) {
  const head = markup.match(LEADING_HEAD_TAGS)?.[0] ?? '';
  if (!head.includes('<title>')) throw new Error('A prerendered page has no <title>');
  const body = markup.slice(head.length);
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      // A frame's head tags are marked: the app renders its own over the frame and removes these (main.tsx).
      .replace(
        '</head>',
        `${fontPreloads(language)}${frame ? head.replace(/<(title|meta|link)\b/g, '<$1 data-shell-head') : head}</head>`,
      )
      .replace('<div id="root"></div>', `<div id="root"${frame ? ' data-shell' : ''}>${body}</div>`)
  );
}

/**
 * Which file each source module became (`build.manifest`). Read once, then removed: the server has no use for it and
 * should not serve it.
 */
const MANIFEST_FILE = path.join(DIST, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(MANIFEST_FILE, 'utf8'));
fs.rmSync(path.dirname(MANIFEST_FILE), { recursive: true, force: true });

/** A manifest entry's file and, recursively, the files it imports statically. */
function chunksOf(key, into = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build's manifest has no ${key}`);
  if (into.has(`/${entry.file}`)) return into;
  into.add(`/${entry.file}`);
  for (const imported of entry.imports ?? []) chunksOf(imported, into);
  return into;
}

/**
 * The boot script's tag of a frame (`SHELLS`) in `language`: besides the entry's own imports, it names the chunks of
 * the page the app renders over the frame (its layout and page, `SHELL_MODULES`) and of the texts it needs in that
 * language, so that the boot script asks for all of them together with the entry. Without this, the page's code and
 * texts were asked for only once the entry had downloaded and run, a second wait on a phone's network
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
function withPageChunks(html, address, language) {
  const route = ROUTE_TABLE.find((entry) => entry.path === address);
  if (!route) throw new Error(`The route table has no ${address}`);
  return html.replace(/ data-preload="([^"]*)"/, (_attribute, preloads) => {
    const named = new Set(preloads.split(' ').filter(Boolean));
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    chunksOf(Object.keys(manifest).find((key) => manifest[key] === entry)).forEach((file) => named.add(file));
    const wanted = [
      ...SHELL_MODULES[address].map((module) => `src/${module}`),
      ...['common', ...route.namespaces].map((namespace) => `src/locales/${language}/${namespace}.json`),
    ].flatMap((key) => [...chunksOf(key)]);
    const extra = [...new Set(wanted)].filter((file) => !named.has(file));
    return ` data-preload="${[...preloads.split(' ').filter(Boolean), ...extra].join(' ')}"`;
  });
}

/**
 * The frame's script that puts the customer's figures in it before the app runs (src/figures.js), after the boot
 * script whose early request it reads: both are deferred, so they run in this order once the frame is parsed
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
const figuresScript = assets.find((name) => /^figures-[\w-]{8}\.js$/.test(name));
if (!figuresScript) throw new Error('The build has no figures script (vite.config.ts)');
function withFiguresScript(html) {
  const boot = /<script src="\/assets\/boot-[^"]+"[^>]*><\/script>/.exec(html);
  if (!boot) throw new Error('The frame has no boot script');
  return html.replace(boot[0], `${boot[0]}<script src="/assets/${figuresScript}" defer></script>`);
}

const fileOf = (route) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);
/** The prerendered frame of a client-rendered address (`SHELLS`): `shell/dashboard.html`. */
const shellFileOf = (route) => `shell/${route.slice(1)}.html`;

/**
 * Pages of one client-rendered route that the server sends, prerendered, for certain values of its address's
 * parameters: the cart page of each plan button's link (`/cart?add=<plan>&period=<months>`), which shows the plan
 * and adds it to the stored cart once its scripts run, so that ordering starts without them
 * (docs/decisions/047-interactive-from-first-paint.md). The key of a page is its parameters' values, space-joined.
 */
const QUERY_PARAMS = [CART_ADD_PARAM, CART_PERIOD_PARAM];
const queryPages = CART_ADD_PATHS.map((address) => {
  const params = new URL(address, PRERENDER_ORIGIN).searchParams;
  const values = QUERY_PARAMS.map((name) => params.get(name) ?? '');
  return { address, key: values.join(' '), file: `cart/add-${values.join('-')}.html` };
});

/** Writes one page of one language, and its demo-mode variant where it differs. */
async function writePage(address, language, name) {
  const { html } = await renderPage(address, language);
  const file = path.join(OUT, language, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, page(html, language));
  // A page that looks different on a server in demo mode (the sign-in page's demo hint) gets a second file,
  // `<name>.demo.html`, which the API serves instead while it runs in demo mode.
  const demo = await renderPage(address, language, { demo: true });
  if (demo.html !== html) fs.writeFileSync(file.replace(/\.html$/, '.demo.html'), page(demo.html, language));
}

fs.rmSync(OUT, { recursive: true, force: true });
for (const language of LANGUAGES) {
  for (const { address } of ADDRESSES) await writePage(address, language, fileOf(address));
  await writePage(NOT_FOUND_PATH, language, '404.html');
  for (const { address, file } of queryPages) await writePage(address, language, file);
  for (const address of Object.keys(SHELLS)) {
    const file = path.join(OUT, language, shellFileOf(address));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const frame = page(await renderShell(address, language), language, { frame: true });
    fs.writeFileSync(file, withFiguresScript(withPageChunks(frame, address, language)));
  }
}

/** The sign-in and sign-up forms are prerendered for speed, but they are not pages to list in a search engine. */
const listed = ADDRESSES.filter(({ route }) => route.layout === 'public' && route.sitemap !== false);
const alternates = (route) =>
  [...LANGUAGES.map((language) => [language, `?lng=${language}`]), ['x-default', '']]
    .map(
      ([hreflang, query]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${PRERENDER_ORIGIN}${route}${query}"/>`,
    )
    .join('\n');
const urls = listed.flatMap(({ address }) =>
  LANGUAGES.map(
    (language) =>
      `  <url>\n    <loc>${PRERENDER_ORIGIN}${address}?lng=${language}</loc>\n${alternates(address)}\n  </url>`,
  ),
);
fs.writeFileSync(
  path.join(OUT, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
);

/** The signed-in areas are for their users, not for crawlers. */
const privatePrefixes = [
  ...new Set(ROUTE_TABLE.filter((route) => !route.prerender).map((route) => `/${route.path.split('/')[1]}`)),
];
fs.writeFileSync(
  path.join(OUT, 'robots.txt'),
  `User-agent: *\nAllow: /\n${privatePrefixes.map((prefix) => `Disallow: ${prefix}\n`).join('')}\nSitemap: ${PRERENDER_ORIGIN}/sitemap.xml\n`,
);

fs.writeFileSync(
  path.join(OUT, 'manifest.json'),
  `${JSON.stringify(
    {
      origin: PRERENDER_ORIGIN,
      languages: LANGUAGES,
      routes: Object.fromEntries(ADDRESSES.map(({ address }) => [address, fileOf(address)])),
      notFound: '404.html',
      queryPages: {
        '/cart': {
          params: QUERY_PARAMS,
          pages: Object.fromEntries(queryPages.map(({ key, file }) => [key, file])),
        },
      },
      /** Client-rendered areas: their addresses get the app's shell, not the not-found page. */
      clientPrefixes: privatePrefixes,
      /** Client-rendered addresses sent with their prerendered frame instead of the empty shell (decision 065). */
      shells: Object.fromEntries(Object.keys(SHELLS).map((address) => [address, shellFileOf(address)])),
    },
    null,
    2,
  )}\n`,
);
console.log(
  `Prerendered ${ADDRESSES.length + 1 + queryPages.length + Object.keys(SHELLS).length} pages in ${LANGUAGES.join(', ')}`,
);
