import type { FastifyLoggerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/** Paths that may hold a secret anywhere in a log line; pino replaces their values. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'confirmPassword',
  'passwordHash',
  'token',
  'refreshToken',
  'access_token',
  'refresh_token',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  // A card number is never logged (docs/decisions/038-saved-card-for-renewals.md).
  'cardNumber',
  '*.cardNumber',
];

export function loggerOptions(
  level: string,
  pretty: boolean,
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions & { stream?: DestinationStream } {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Only the path: query strings are not logged, so nothing secret can ride in them.
      req(request: { method: string; url: string; ip: string }) {
        return { method: request.method, path: request.url.split('?')[0], ip: request.ip };
      },
    },
    ...(pretty && !stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
  return stream ? { ...options, stream } : options;
}
