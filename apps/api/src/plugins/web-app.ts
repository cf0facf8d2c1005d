import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageLanguage } from '../lib/page-language';

export interface WebApp {
  root: string;
  /**
   * Answers a GET for an address that is not a file or an API route: a prerendered page's 404 for an unknown
   * public address, the app's shell for the client-rendered areas (the dashboard, the back office).
   */
  sendApp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * The prerendered HTML of a route in a language, with the site's origin in place: what the server builds an
   * answer of its own on (the contact form's answer without JavaScript, decision 053). Null without that page.
   */
  pageHtml(request: FastifyRequest, route: string, language: string): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    webApp: WebApp | null;
  }
}

/**
 * apps/web/dist, found from this module: apps/api/dist/server.js when bundled, apps/api/src/plugins/web-app.ts
 * under tsx (npm run dev) and the tests. The nearest `apps` folder above is the one.
 */
function defaultWebDist(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== 'apps' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'web', 'dist');
}

export const DEFAULT_WEB_DIST = defaultWebDist();

const HASHED_ASSET = /^\/assets\//;
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
/** The build's prerendered pages, sitemap and robots.txt; served by the routes below, never as files. */
const PAGES_DIR = 'pages';

/** Hashed build assets never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(relativePath: string): string {
  if (HASHED_ASSET.test(relativePath)) return 'public, max-age=31536000, immutable';
  if (relativePath === '/index.html') return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

/** What the web app's prerender step wrote beside the pages (apps/web/scripts/prerender.mjs). */
interface PagesManifest {
  origin: string;
  languages: string[];
  routes: Record<string, string>;
  notFound: string;
  clientPrefixes: string[];
  /**
   * Prerendered pages of a client-rendered address for certain values of its parameters (the cart page of each
   * plan button's link, docs/decisions/047-interactive-from-first-paint.md): the key is the values of `params`,
   * space-joined. Any other value gets the app's shell, as the address always did.
   */
  queryPages?: Record<string, { params: string[]; pages: Record<string, string> }>;
  /**
   * Client-rendered addresses sent with their prerendered frame (the dashboard's layout and the page's outline) in
   * the visitor's language instead of the empty shell, so that it paints with the HTML
   * (docs/decisions/065-the-dashboard-paints-with-its-html.md).
   */
  shells?: Record<string, string>;
}

function readManifest(root: string): PagesManifest | null {
  const file = path.join(root, PAGES_DIR, 'manifest.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PagesManifest;
}

interface Variant {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** `<html …>` of a document served in demo mode: the app reads it before its first render (use-demo-mode.ts). */
const markDemo = (html: string) => html.replace(/<html([^>]*)>/, '<html$1 data-demo>');

/**
 * A page's bytes with the site's origin in place of the build's, compressed once per origin and file. In demo
 * mode a page the build rendered differently for it (`<name>.demo.html`, the sign-in page with its demo hint)
 * replaces the plain one, and every page is marked as served in demo mode.
 */
function createVariants(root: string, buildOrigin: string, demo: boolean) {
  const sources = new Map<string, string>();
  const variants = new Map<string, Variant>();
  const source = (file: string) => {
    let text = sources.get(file);
    if (text === undefined) {
      const demoFile = path.join(root, PAGES_DIR, file.replace(/\.html$/, '.demo.html'));
      const page = demo && file.endsWith('.html');
      text = fs.readFileSync(page && fs.existsSync(demoFile) ? demoFile : path.join(root, PAGES_DIR, file), 'utf8');
      if (page) text = markDemo(text);
      sources.set(file, text);
    }
    return text;
  };
  /**
   * `canonicalQuery` (`?lng=ru`, or empty) goes after the page's canonical address, as the app writes it for an
   * address with `?lng=` (apps/web/src/app/route-meta.tsx).
   */
  return (file: string, origin: string, canonicalQuery = ''): Variant => {
    const key = `${origin} ${file} ${canonicalQuery}`;
    let variant = variants.get(key);
    if (!variant) {
      // A few origins at most (the site's, perhaps an address on the local network); bound it all the same.
      if (variants.size > 100) variants.clear();
      let text = source(file);
      if (canonicalQuery) text = text.replace(/(<link rel="canonical" href="[^"?]*)"/, `$1${canonicalQuery}"`);
      const raw = Buffer.from(text.replaceAll(buildOrigin, origin));
      variant = { raw, gzip: zlib.gzipSync(raw), br: zlib.brotliCompressSync(raw) };
      variants.set(key, variant);
    }
    return variant;
  };
}

function send(request: FastifyRequest, reply: FastifyReply, variant: Variant, type: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type(type).header('vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(variant.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(variant.gzip);
  return reply.send(variant.raw);
}

async function webAppPlugin(
  app: FastifyInstance,
  options: { root: string | undefined; siteOrigin?: string; demo?: boolean },
) {
  const demo = options.demo ?? false;
  const root = options.root ?? DEFAULT_WEB_DIST;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: serving the API only (run `npm run build`)');
    app.decorate('webApp', null);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathName) => !pathName.startsWith(`/${PAGES_DIR}/`),
    setHeaders(res, filePath) {
      const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      res.setHeader('cache-control', cacheControlFor(relative));
    },
  });

  // Browsers ask for /favicon.ico on pages that name no icon (robots.txt, a JSON answer); ours is an SVG.
  if (fs.existsSync(path.join(root, 'favicon.svg'))) {
    app.get('/favicon.ico', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
    );
  }

  /** The back office's Default Language: the last fallback of a visitor with no preference (decision 034). */
  const defaultLanguage = async () => (await app.siteSettings.publicSettings()).defaultLanguage;
  const builtShell = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const shellHtml = demo ? markDemo(builtShell) : builtShell;
  /**
   * The app's shell. Its `<html lang>` is the detector's last fallback (docs/product/states.md), so it carries the
   * Default Language when that is not the built one.
   */
  const sendShell = async (reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const language = await defaultLanguage();
    if (!demo && shellHtml.includes(`<html lang="${language}"`)) return reply.sendFile('index.html', root);
    return reply.send(shellHtml.replace(/ lang="[a-z-]*"/, ` lang="${language}"`));
  };

  const manifest = readManifest(root);
  if (!manifest) {
    // A build without prerendered pages (an older build): every address gets the app's shell.
    app.decorate('webApp', {
      root,
      sendApp: async (_request: FastifyRequest, reply: FastifyReply) => sendShell(reply),
      pageHtml: () => null,
    });
    return;
  }

  const variants = createVariants(root, manifest.origin, demo);
  /**
   * The configured origin, else the request's own (what the browser shows in its address bar). A Host header
   * that is not a plain host name and port never reaches the HTML.
   */
  const originOf = (request: FastifyRequest) => {
    if (options.siteOrigin) return options.siteOrigin;
    const host = PLAIN_HOST.test(request.host) ? request.host : 'localhost';
    return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
  };

  /** docs/product/states.md's order, on the server: `?lng`, the `i18next` cookie, Accept-Language. */
  const languageOf = async (request: FastifyRequest) => {
    const query = (request.query as Record<string, unknown> | undefined)?.lng;
    return pageLanguage(
      {
        query: typeof query === 'string' ? query : undefined,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      },
      manifest.languages,
      await defaultLanguage(),
    );
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const language = await languageOf(request);
    const query = (request.query as Record<string, unknown> | undefined)?.lng;
    const canonicalQuery = typeof query === 'string' && manifest.languages.includes(query) ? `?lng=${query}` : '';
    reply.header('cache-control', 'no-cache').header('content-language', language);
    return send(
      request,
      reply,
      variants(`${language}/${file}`, originOf(request), canonicalQuery),
      'text/html; charset=utf-8',
    );
  };

  for (const [route, file] of Object.entries(manifest.routes)) {
    app.get(route, (request, reply) => sendPage(request, reply, file));
  }
  for (const [route, file] of Object.entries(manifest.shells ?? {})) {
    app.get(route, (request, reply) => sendPage(request, reply, file));
  }
  for (const [route, { params, pages }] of Object.entries(manifest.queryPages ?? {})) {
    app.get(route, (request, reply) => {
      const query = (request.query as Record<string, unknown> | undefined) ?? {};
      const key = params.map((name) => (typeof query[name] === 'string' ? query[name] : '')).join(' ');
      const file = Object.hasOwn(pages, key) ? pages[key] : undefined;
      return file ? sendPage(request, reply, file) : sendShell(reply);
    });
  }
  for (const [route, type] of [
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    app.get(route, (request, reply) => {
      reply.header('cache-control', 'public, max-age=0, must-revalidate');
      return send(request, reply, variants(route.slice(1), originOf(request)), type);
    });
  }

  const clientRendered = (url: string) => {
    const pathname = url.split('?')[0]!;
    return manifest.clientPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  };

  app.decorate('webApp', {
    root,
    async sendApp(request: FastifyRequest, reply: FastifyReply) {
      if (clientRendered(request.url)) return sendShell(reply);
      return sendPage(request, reply.code(404), manifest.notFound);
    },
    pageHtml(request: FastifyRequest, route: string, language: string) {
      const file = Object.hasOwn(manifest.routes, route) ? manifest.routes[route] : undefined;
      if (!file || !manifest.languages.includes(language)) return null;
      return variants(`${language}/${file}`, originOf(request)).raw.toString('utf8');
    },
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
