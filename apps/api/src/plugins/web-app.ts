import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface WebApp {
  root: string;
  /** Answers with index.html, for client-side routes. */
  sendIndex(reply: FastifyReply): FastifyReply;
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

/** Hashed build assets never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(relativePath: string): string {
  if (HASHED_ASSET.test(relativePath)) return 'public, max-age=31536000, immutable';
  if (relativePath === '/index.html') return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

async function webAppPlugin(app: FastifyInstance, options: { root: string | undefined }) {
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
    setHeaders(res, filePath) {
      const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      res.setHeader('cache-control', cacheControlFor(relative));
    },
  });
  app.decorate('webApp', {
    root,
    sendIndex(reply: FastifyReply) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html', root);
    },
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
