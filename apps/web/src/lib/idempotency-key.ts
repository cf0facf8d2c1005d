/** A fresh random key for one money-moving request (docs/decisions/022-money-transactions.md). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes in hex are as unique.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a dialog's submission attempt. The same request sent again (a retry after a network
 * failure, a double click) gets the same key, so the API moves the money once and answers the first answer
 * again; a request with other details gets a fresh key, and `reset` after a success starts the next attempt.
 */
export function createIdempotencyKeys(generate: () => string = newIdempotencyKey) {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (current?.request !== text) current = { request: text, key: generate() };
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}
