import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** Who is asking: the client address (request.ip, governed by TRUST_PROXY) and the request's logger. */
export interface RequestContext {
  ip: string;
  log: FastifyBaseLogger;
  userAgent?: string;
  /** The request's Accept-Language: the language of mails until accounts store one (lib/mail/language.ts). */
  acceptLanguage?: string;
}

/** The request context of a Fastify request, as the use cases take it. */
export const context = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  log: request.log,
  userAgent: request.headers['user-agent'],
  acceptLanguage: request.headers['accept-language'],
});
