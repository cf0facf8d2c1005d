import type { ServerErrorEntry } from '../../plugins/error-handler';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertErrorLog, pruneErrorLog } from './operations.repository';

/**
 * The API's recent server errors (docs/decisions/035-support-queue-and-operations.md), in the `error_log` table
 * every instance shares. Only the newest ERROR_LOG_LIMIT rows are kept.
 */
export const ERROR_LOG_LIMIT = 1000;
const MESSAGE_MAX = 300;

export type ServerError = ServerErrorEntry;

/**
 * An error's message with anything that may be a secret taken out: credentials in URLs, `key=value` pairs of
 * secret-sounding names, bearer tokens and long opaque strings; and cut to 300 characters.
 */
export function redactMessage(message: string): string {
  return message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@')
    .replace(
      /\b(pass(word)?|pwd|secret|token|api[-_]?key|key|authorization)\b(\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi,
      '$1$3***',
    )
    .replace(/\bBearer\s+\S+/gi, 'Bearer ***')
    .replace(/\b[A-Za-z0-9_\-.+/=]{40,}\b/g, '***')
    .slice(0, MESSAGE_MAX);
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const name = typeof code === 'string' && code !== '' ? `${error.name} ${code}` : error.name;
    return { name: name.slice(0, 100), message: redactMessage(error.message) };
  }
  return { name: 'Unknown', message: redactMessage(String(error)) };
}

/** Records one 5xx answer and prunes the rows past the limit. Never throws: the answer goes out regardless. */
export async function recordServerError(db: Kysely<Database>, entry: ServerError): Promise<boolean> {
  const { name, message } = describe(entry.error);
  try {
    await insertErrorLog(db, {
      id: randomUUID(),
      createdAt: entry.now,
      requestId: entry.requestId.slice(0, 100),
      method: entry.method.slice(0, 10),
      route: entry.route.slice(0, 200),
      status: entry.status,
      errorName: name,
      message,
    });
    await pruneErrorLog(db, ERROR_LOG_LIMIT);
    return true;
  } catch {
    return false;
  }
}
