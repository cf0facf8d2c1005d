import type { FastifyReply } from 'fastify';

/**
 * Serialised answers kept per account, each with the account generation it was built at and until when it
 * holds (docs/decisions/039-account-generation-and-kept-answers.md). An answer is handed out only while the
 * generation read on this request is the kept one and its time has not run out, so it is never staler than
 * the database. Least recently used entries go first.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, { generation: number; holdsUntil: number | null; body: string }>();

  constructor(readonly maxEntries = 5_000) {}

  /** The kept answer for `key` when it was built at `generation` and still holds at `now`. */
  get(key: string, generation: number, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || (entry.holdsUntil !== null && now >= entry.holdsUntil)) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Keeps `body`, built from what the database held at `generation` (read before it), until `holdsUntil`. */
  set(key: string, generation: number, holdsUntil: number | null, body: string): void {
    this.entries.delete(key);
    this.entries.set(key, { generation, holdsUntil, body });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The route's answer as kept: serialised by `reply.serialize` (its response schema) when it was built. */
export function serialised(reply: FastifyReply, payload: unknown): string {
  const body = reply.serialize(payload);
  if (typeof body !== 'string') throw new Error('a kept answer serialises to text');
  return body;
}

/** Sends a kept answer: a string with a JSON content type goes out as it is, without a second serialisation. */
export function sendKept(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
