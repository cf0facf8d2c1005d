import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the whole site: only this origin, no inline script or style,
 * no plug-ins, no framing. The tokens in localStorage are only as safe as this policy.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Two years, every subdomain: the browser then never speaks plain HTTP to this site again. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

async function securityPlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Sent below, only on answers that travel over HTTPS (a browser ignores it over plain HTTP anyway).
    strictTransportSecurity: false,
  });
  await app.register(cors, {
    // Same-origin requests need no CORS; only configured origins may call the API from elsewhere.
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
    // request.protocol is https when this server holds the TLS connection, or a trusted proxy says so.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}

export default fp(securityPlugin, { name: 'security' });
