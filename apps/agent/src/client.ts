import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { HEADER_NONCE, HEADER_SIGNATURE, HEADER_TIMESTAMP, sameSignature, signRequest, signResponse } from './protocol';

/**
 * The caller's end of the agent protocol (docs/decisions/055-web-node-agent.md): signs each request with a fresh
 * nonce and the current time, and believes an answer only when the agent's signature over it checks out. Used by
 * the API's web-node driver and by the tests.
 */

export interface AgentClientOptions {
  /** `http://127.0.0.1:8090` or `https://node1.example.net:8443`. */
  url: string;
  secret: string;
  /** A PEM certificate (or CA) the agent's TLS certificate must chain to, for a self-signed agent. */
  ca?: string;
  timeoutMs?: number;
  now?: () => number;
}

export interface AgentAnswer<T> {
  status: number;
  body: T;
}

/** The agent could not be reached, or its answer was not its own (bad signature, not JSON). */
export class AgentUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentUnreachableError';
  }
}

export function createAgentClient(options: AgentClientOptions) {
  const base = new URL(options.url);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('The agent address must be http(s)');
  const now = options.now ?? Date.now;
  const prefix = base.pathname.replace(/\/+$/, '');

  function call<T = unknown>(method: string, path: string, body?: unknown): Promise<AgentAnswer<T>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const fullPath = `${prefix}${path}`;
    const timestamp = String(now());
    const nonce = randomBytes(18).toString('base64url');
    const signature = signRequest(options.secret, { method, path: fullPath, timestamp, nonce, body: text });
    const transport = base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          path: fullPath,
          method,
          ...(options.ca ? { ca: options.ca } : {}),
          headers: {
            [HEADER_TIMESTAMP]: timestamp,
            [HEADER_NONCE]: nonce,
            [HEADER_SIGNATURE]: signature,
            ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
          },
          timeout: options.timeoutMs ?? 120_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.once('error', (error) => reject(new AgentUnreachableError(error.message, { cause: error })));
          response.once('end', () => {
            const raw = Buffer.concat(chunks);
            const status = response.statusCode ?? 0;
            const expected = signResponse(options.secret, { status, nonce, body: raw });
            const given = response.headers[HEADER_SIGNATURE];
            // A 401 from an agent that does not share our secret cannot carry a signature we accept: it is taken
            // as the refusal it says it is (a forged one could only block, which anyone on the path can do).
            if ((typeof given !== 'string' || !sameSignature(given, expected)) && status !== 401) {
              reject(
                new AgentUnreachableError(`The answer from ${base.host} is not signed by its agent (HTTP ${status})`),
              );
              return;
            }
            try {
              resolve({ status, body: JSON.parse(raw.toString('utf8')) as T });
            } catch (error) {
              reject(new AgentUnreachableError(`The agent's answer is not JSON (HTTP ${status})`, { cause: error }));
            }
          });
        },
      );
      request.once('timeout', () => request.destroy(new Error(`No answer from ${base.host} in time`)));
      request.once('error', (error) => reject(new AgentUnreachableError(error.message, { cause: error })));
      request.end(text);
    });
  }

  return { call };
}

export type AgentClient = ReturnType<typeof createAgentClient>;
