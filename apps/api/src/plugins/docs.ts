import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { permissionsOf } from '@hostpilot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import pkg from '../../package.json' with { type: 'json' };
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { accountOf } from './authenticate';

export const DOCS_PREFIX = '/api/docs';

/**
 * SHA-256 of the one inline <style> element Swagger UI 6.1.0 renders: the SVG logo's
 * `.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}`. The end-to-end test
 * apps/web/e2e/api-docs.spec.ts fails on any CSP violation, so a new Swagger UI that needs more is noticed.
 */
const SWAGGER_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The Content-Security-Policy of the Swagger UI routes only (@fastify/swagger-ui sets it on its own routes,
 * replacing helmet's header there). It is the site's strict policy (plugins/security.ts) plus the hash of
 * Swagger UI's inline logo style: still no inline script, no third-party origin, no framing. Every other
 * route keeps the site's policy unchanged.
 */
export const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", SWAGGER_LOGO_STYLE_HASH],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * OpenAPI description of every route (from the zod schemas) at /api/docs/json, and Swagger UI at /api/docs.
 * `access` (config.apiDocs, docs/decisions/045-production-hardening.md): `public` serves both to anyone; `staff`
 * only to a request with the access token of a staff account (401 without one, 403 for a customer); `off` serves
 * neither.
 */
async function docsPlugin(app: FastifyInstance, options: { access: Config['apiDocs'] }) {
  /** Refuses anyone but staff; the same token check as every authenticated route (plugins/authenticate.ts). */
  const staffOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate.call(app, request, reply);
    if (permissionsOf(accountOf(request).role).length === 0) throw new AppError('FORBIDDEN');
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HostPilot API',
        version: pkg.version,
        description:
          "API of HostPilot: sign-in, and the signed-in customer's own data. Lists are paged " +
          '(`page`, `pageSize` 10, 20 or 50, `sort`, `order`, `q`, filters) and answer `{items, total, page, pageSize}`. ' +
          'Errors answer `{"error": {"code", "message", "fields"?}}`. ' +
          'Access tokens are JWTs sent as `Authorization: Bearer <token>`.',
      },
      tags: [
        { name: 'auth', description: 'Accounts, sign-in, tokens' },
        { name: 'users', description: 'The signed-in user' },
        { name: 'health', description: 'Liveness' },
        { name: 'dashboard', description: "The signed-in customer's dashboard summary" },
        { name: 'services', description: "The signed-in customer's hosting and other services" },
        { name: 'domains', description: "The signed-in customer's domains and DNS records" },
        { name: 'finance', description: "The signed-in customer's balance, transactions and invoices" },
        { name: 'support', description: "The signed-in customer's support tickets" },
        { name: 'notifications', description: "The signed-in customer's notifications" },
        { name: 'knowledge', description: 'Knowledge-base articles in English and Russian' },
        { name: 'ordering', description: 'Ordering on the public site: the domain search' },
        { name: 'admin', description: 'The back office: every call needs a staff role with its permission' },
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.access === 'off') return;
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    uiHooks: {
      // Swagger UI finds its document by appending `/json` to the page's address, query string included:
      // `/api/docs?lng=en` would fetch `/api/docs?lng=en/./json` and show "Unable to render this definition".
      // The page takes no parameters, so it is served from its bare address.
      onRequest: async (request, reply) => {
        if (options.access === 'staff') await staffOnly(request, reply);
        const [path, query] = request.url.split('?', 2);
        if (query !== undefined && (path === DOCS_PREFIX || path === `${DOCS_PREFIX}/`)) {
          return reply.redirect(path);
        }
      },
    },
  });
}

export default fp(docsPlugin, { name: 'docs' });
