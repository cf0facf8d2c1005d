import { type FieldError, InvalidTransitionError, validationMessage, VALIDATION_MESSAGES } from '@hostpilot/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import './web-app';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DomainError, reportUnmappedError } from '../lib/errors';

const CONTENT_TYPE_PARSER_400 = new Set([
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_JSON_BODY',
]);

/** Connection-level failures of the database: the service is unavailable, not broken. */
const DATABASE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && DATABASE_UNAVAILABLE.has(e.code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout|connect ECONNREFUSED/i.test(
    message,
  );
}

function fieldsFromValidation(validation: { instancePath: string; message?: string }[]): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_body';
    if (fields[field]) continue;
    const key = issue.message && issue.message in VALIDATION_MESSAGES ? issue.message : 'validation.invalidType';
    fields[field] = { code: key, message: validationMessage(key) };
  }
  return fields;
}

/** Maps anything thrown to the error shape of docs/architecture.md. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return new AppError(error.code, { message: error.message, cause: error });
  if (error instanceof InvalidTransitionError)
    return new AppError('INVALID_STATE', { message: error.message, cause: error });
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError('VALIDATION_FAILED', { fields: fieldsFromValidation(error.validation) });
  }
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  const status = fastifyError.statusCode ?? 500;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (CONTENT_TYPE_PARSER_400.has(code) || (status === 400 && error instanceof SyntaxError)) {
    return new AppError('MALFORMED_JSON');
  }
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST');
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE');
  reportUnmappedError(error);
  return new AppError('INTERNAL');
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}

function isApiPath(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/** A server error as the error log keeps it (modules/operations/error-log.ts). */
export interface ServerErrorEntry {
  requestId: string;
  method: string;
  route: string;
  status: number;
  error: unknown;
  now: number;
}

export interface ErrorHandlerOptions {
  /**
   * Keeps a 5xx for the back office's error log (docs/decisions/035-support-queue-and-operations.md); app.ts
   * passes the operations module's. This plugin imports no module.
   */
  recordServerError?: (entry: ServerErrorEntry) => Promise<unknown>;
}

async function errorHandlerPlugin(app: FastifyInstance, options: ErrorHandlerOptions) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500 && appError.code !== 'MAINTENANCE') {
      request.log.error({ err: error }, 'request failed');
      // A database that cannot be reached cannot take the error log's row either.
      if (options.recordServerError && !isDatabaseUnavailable(error)) {
        await options.recordServerError({
          requestId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? '(no route)',
          status: appError.statusCode,
          error,
          now: Date.now(),
        });
      }
    } else if (appError.statusCode >= 500) {
      request.log.info({ code: appError.code, status: appError.statusCode }, 'request refused');
    } else {
      request.log.info({ code: appError.code, status: appError.statusCode }, 'request refused');
    }
    return sendError(reply, appError);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request) && app.webApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return app.webApp.sendApp(request, reply);
    }
    const path = request.url.split('?')[0]!.slice(0, 200);
    return sendError(reply, new AppError('NOT_FOUND', { message: `No route for ${request.method} ${path}` }));
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
