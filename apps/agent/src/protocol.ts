import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed-request protocol between the API's web-node driver and the agent
 * (docs/decisions/055-web-node-agent.md). Every request carries a timestamp, a single-use nonce and an
 * HMAC-SHA256 over the method, the path, both of those and the body's digest, keyed with the server's own
 * secret; the agent signs its answer over the status, the request's nonce and the answer's digest, so the driver
 * also knows it talks to its agent. Used by both ends: the agent's server and the API's client.
 */

export const PROTOCOL_VERSION = 'HP1';
export const HEADER_TIMESTAMP = 'x-hostpilot-timestamp';
export const HEADER_NONCE = 'x-hostpilot-nonce';
export const HEADER_SIGNATURE = 'x-hostpilot-signature';

/** How far a request's timestamp may be from the agent's clock, either way. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The shortest secret either end accepts (a random 32-byte value in base64url is 43 characters). */
export const MIN_SECRET_LENGTH = 32;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP_PATTERN = /^[0-9]{1,15}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function bodyDigest(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** The signature of a request: method and path (with its query) exactly as sent. */
export function signRequest(
  secret: string,
  request: { method: string; path: string; timestamp: string; nonce: string; body: string | Buffer },
): string {
  const text = [
    PROTOCOL_VERSION,
    request.method.toUpperCase(),
    request.path,
    request.timestamp,
    request.nonce,
    bodyDigest(request.body),
  ].join('\n');
  return hmac(secret, text);
}

/** The signature of an answer, bound to the request it answers by that request's nonce. */
export function signResponse(
  secret: string,
  response: { status: number; nonce: string; body: string | Buffer },
): string {
  return hmac(
    secret,
    [`${PROTOCOL_VERSION}-RESPONSE`, String(response.status), response.nonce, bodyDigest(response.body)].join('\n'),
  );
}

/** Compares two signatures in constant time (different lengths are simply unequal). */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type RefusalReason = 'unsigned' | 'stale' | 'replayed' | 'bad-signature' | 'busy';

/**
 * Remembers the nonces seen within the clock window, so a captured request cannot be sent again: a nonce is
 * kept until its timestamp leaves the window, after which the timestamp alone refuses it. The memory is bounded;
 * when it is full new requests are refused (`busy`) rather than forgetting a nonce still inside the window.
 */
export function createNonceMemory(options: { windowMs?: number; capacity?: number } = {}) {
  const windowMs = options.windowMs ?? MAX_CLOCK_SKEW_MS;
  const capacity = options.capacity ?? 100_000;
  const seen = new Map<string, number>();
  const prune = (now: number) => {
    for (const [nonce, until] of seen) if (until <= now) seen.delete(nonce);
  };
  return {
    /** Records the nonce; answers false when it was seen already, or `busy` when the memory is full. */
    remember(nonce: string, timestamp: number, now: number): true | 'replayed' | 'busy' {
      if (seen.has(nonce)) return 'replayed';
      if (seen.size >= capacity) prune(now);
      if (seen.size >= capacity) return 'busy';
      // Kept until the latest moment the same timestamp would still be accepted.
      seen.set(nonce, Math.max(timestamp, now) + windowMs);
      return true;
    },
    get size() {
      return seen.size;
    },
  };
}

export type NonceMemory = ReturnType<typeof createNonceMemory>;

/** Checks a request's signature headers; answers null when the request may be served, else why it may not. */
export function verifyRequest(
  secret: string,
  memory: NonceMemory,
  request: {
    method: string;
    path: string;
    headers: Readonly<Record<string, string | string[] | undefined>>;
    body: Buffer;
  },
  now: number,
  windowMs = MAX_CLOCK_SKEW_MS,
): RefusalReason | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const timestamp = header(HEADER_TIMESTAMP);
  const nonce = header(HEADER_NONCE);
  const signature = header(HEADER_SIGNATURE);
  if (!timestamp || !nonce || !signature) return 'unsigned';
  if (!TIMESTAMP_PATTERN.test(timestamp) || !NONCE_PATTERN.test(nonce) || !SIGNATURE_PATTERN.test(signature)) {
    return 'unsigned';
  }
  const expected = signRequest(secret, {
    method: request.method,
    path: request.path,
    timestamp,
    nonce,
    body: request.body,
  });
  // The signature first: an unsigned request must not be able to fill the nonce memory.
  if (!sameSignature(signature, expected)) return 'bad-signature';
  const at = Number(timestamp);
  if (Math.abs(now - at) > windowMs) return 'stale';
  const remembered = memory.remember(nonce, at, now);
  return remembered === true ? null : remembered;
}
