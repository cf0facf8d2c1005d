/**
 * The only names the agent puts into a file path, a configuration file, an SQL statement or a command's
 * arguments (docs/decisions/055-web-node-agent.md). Each is checked against a strict pattern before use;
 * anything else is refused with a NameError, never escaped or cleaned.
 */

export class NameError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'NameError';
    this.field = field;
  }
}

/** Our id of a site: the API's service id (a UUID) or another short lower-case id. */
const SITE_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** A Linux user or group name we create: lower case, starts with a letter, at most 32 characters. */
const LINUX_USER = /^[a-z][a-z0-9_-]{0,31}$/;
/** One label of a host name (A-label form: Punycode for international names). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A database or database-user suffix the customer chooses (after the site's prefix). */
const DB_SUFFIX = /^[a-z0-9_]{1,16}$/;
/** A full MariaDB database or user name as the agent makes them: `<site user>_<suffix>`. */
const DB_NAME = /^[a-z][a-z0-9_-]{0,31}_[a-z0-9_]{1,16}$/;

export function siteId(value: unknown): string {
  if (typeof value !== 'string' || !SITE_ID.test(value)) throw new NameError('siteId', 'The site id is not valid');
  return value;
}

export function linuxUser(value: unknown, field = 'user'): string {
  if (typeof value !== 'string' || !LINUX_USER.test(value)) {
    throw new NameError(field, 'The Linux user name is not valid');
  }
  return value;
}

/**
 * A domain name in lower-case A-label form, at least two labels, at most 253 characters; no wildcard, no
 * trailing dot, no IP address.
 */
export function domainName(value: unknown, field = 'domain'): string {
  if (typeof value !== 'string' || value.length > 253) throw new NameError(field, 'The domain name is not valid');
  const labels = value.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^[0-9]+$/.test(labels.at(-1)!)) {
    throw new NameError(field, 'The domain name is not valid');
  }
  return value;
}

export function databaseSuffix(value: unknown, field = 'name'): string {
  if (typeof value !== 'string' || !DB_SUFFIX.test(value)) {
    throw new NameError(field, 'The database name may hold a-z, 0-9 and _ (at most 16)');
  }
  return value;
}

export function databaseName(value: unknown, field = 'name'): string {
  if (typeof value !== 'string' || !DB_NAME.test(value)) throw new NameError(field, 'The database name is not valid');
  return value;
}

/** The languages the default page is written in. */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export function language(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'en';
}

/** A whole number in [min, max]. */
export function wholeNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new NameError(field, `${field} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** An ACME HTTP-01 token (RFC 8555 section 8.3): base64url characters only, so it is a safe file name. */
const ACME_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
/** A key authorization: the token, a dot, the account key's base64url thumbprint. */
const KEY_AUTHORIZATION = /^[A-Za-z0-9_-]{16,128}\.[A-Za-z0-9_-]{16,128}$/;

export function acmeToken(value: unknown, field = 'token'): string {
  if (typeof value !== 'string' || !ACME_TOKEN.test(value)) {
    throw new NameError(field, 'The challenge token must be 16 to 128 base64url characters');
  }
  return value;
}

export function keyAuthorization(value: unknown, token: string, field = 'keyAuthorization'): string {
  if (typeof value !== 'string' || !KEY_AUTHORIZATION.test(value) || !value.startsWith(`${token}.`)) {
    throw new NameError(field, 'The key authorization must be the token, a dot and the account thumbprint');
  }
  return value;
}
