import { type FieldError, type Language, validationMessage } from '@hostpilot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { mailLanguage } from './mail/language';

/**
 * Plain form posts of pages whose scripts have not run (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md
 * for the contact form, docs/decisions/070-forms-that-work-before-the-app.md for sign-in and the password reset):
 * the pieces every such route shares.
 */
export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A form post is a few kilobytes at most: the contact message's 5,000 characters, percent-encoded. */
export const FORM_BODY_LIMIT = 64 * 1024;

export type Fields = Record<string, FieldError>;

/** Reads `application/x-www-form-urlencoded` bodies in the plugin it is called in (the API speaks JSON elsewhere). */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Whether the request is a form post (rather than the enhanced form's JSON). */
export function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/**
 * A page of another site may not post a form in a visitor's name: the browser says where a request came from
 * (Sec-Fetch-Site), and an Origin it sends must be this site's. Refused with 403.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN');
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError('FORBIDDEN');
  }
  if (host !== request.host) throw new AppError('FORBIDDEN');
}

/** The first problem of each field, as the API's error shape names it. */
export function fieldsOf(error: z.ZodError): Fields {
  const fields: Fields = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || fields[field]) continue;
    fields[field] = { code: issue.message, message: validationMessage(issue.message) };
  }
  return fields;
}

/** The values a form post carried, as text (a repeated field keeps its first value). */
export function formValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') values[key] = first;
    }
  }
  return values;
}

/** The page's language: the form's hidden `lng` field, else the browser's Accept-Language. */
export function formLanguage(request: FastifyRequest, lng: unknown): Language {
  return lng === 'en' || lng === 'ru' ? lng : mailLanguage(null, request.headers['accept-language']);
}
