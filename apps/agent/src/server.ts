import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AgentError } from './errors';
import { NameError } from './names';
import {
  createNonceMemory,
  HEADER_NONCE,
  HEADER_SIGNATURE,
  MIN_SECRET_LENGTH,
  signResponse,
  verifyRequest,
} from './protocol';

/**
 * The agent's HTTP(S) server (docs/decisions/055-web-node-agent.md). Every request must be signed with the
 * server's secret (protocol.ts): an unsigned, stale, replayed or wrongly signed request is refused with 401
 * before any route is looked at, so nothing is reachable without the secret. Bodies are JSON, at most 1 MiB.
 * Answers are signed too. Plain HTTP is served only on a loopback address; anything else needs TLS.
 */

export const MAX_BODY_BYTES = 1024 * 1024;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RouteContext {
  params: Record<string, string>;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** A path such as `/v1/sites/:siteId`; a `:name` part matches one path segment. */
  path: string;
  handle(context: RouteContext): Promise<{ status?: number; body: Json }>;
}

export interface AgentServerOptions {
  secret: string;
  routes: readonly Route[];
  /** PEM key and certificate: serve HTTPS. Without them the server must listen on loopback only. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  now?: () => number;
  /** Told about refusals and failures (never the secret, never a body). */
  log?: (event: string, details: Record<string, unknown>) => void;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

function readBody(request: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export function createAgentServer(options: AgentServerOptions) {
  if (options.secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The agent's secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const memory = createNonceMemory();
  const routes = options.routes.map(compile);

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const nonce = typeof request.headers[HEADER_NONCE] === 'string' ? request.headers[HEADER_NONCE] : '';
    const answer = (status: number, body: Json) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        'cache-control': 'no-store',
        [HEADER_SIGNATURE]: signResponse(options.secret, { status, nonce, body: text }),
      });
      response.end(text);
    };

    const body = await readBody(request);
    if (body === null) return answer(413, { error: 'too-large', message: 'The request body is over 1 MiB' });
    const refused = verifyRequest(options.secret, memory, { method, path, headers: request.headers, body }, now());
    if (refused) {
      log('agent_request_refused', { reason: refused, method, remote: request.socket.remoteAddress });
      return answer(refused === 'busy' ? 503 : 401, {
        error: refused === 'busy' ? 'busy' : 'unauthorised',
        reason: refused,
      });
    }

    const url = new URL(path, 'http://agent');
    let matched: { route: Route; params: Record<string, string> } | undefined;
    let pathKnown = false;
    for (const candidate of routes) {
      const match = candidate.pattern.exec(url.pathname);
      if (!match) continue;
      pathKnown = true;
      if (candidate.route.method !== method) continue;
      const params: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        params[name] = decodeURIComponent(match[index + 1]!);
      });
      matched = { route: candidate.route, params };
      break;
    }
    if (!matched) {
      return answer(pathKnown ? 405 : 404, { error: pathKnown ? 'method-not-allowed' : 'not-found' });
    }

    let parsed: unknown = undefined;
    if (body.length > 0) {
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return answer(415, { error: 'unsupported-media-type' });
      }
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        return answer(400, { error: 'invalid', message: 'The body is not JSON' });
      }
    }
    try {
      const result = await matched.route.handle({ params: matched.params, body: parsed });
      return answer(result.status ?? 200, result.body);
    } catch (error) {
      if (error instanceof NameError) {
        return answer(400, { error: 'invalid', field: error.field, message: error.message });
      }
      if (error instanceof AgentError) {
        if (error.status >= 500) log('agent_operation_failed', { code: error.code, message: error.message });
        return answer(error.status, { error: error.code, message: error.message, retryable: error.retryable });
      }
      log('agent_operation_crashed', { message: error instanceof Error ? error.message : String(error) });
      return answer(500, {
        error: 'internal',
        message: error instanceof Error ? error.message.slice(0, 2000) : 'internal error',
        retryable: true,
      });
    }
  }

  const listener = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      log('agent_request_crashed', { message: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert, minVersion: 'TLSv1.2' }, listener)
    : http.createServer(listener);
  server.requestTimeout = 10 * 60 * 1000;
  server.headersTimeout = 30_000;

  return {
    server,
    /** Listens on host:port (port 0: any free one) and answers the port. */
    listen(host: string, port: number): Promise<number> {
      if (!options.tls && !isLoopback(host)) {
        throw new Error('Plain HTTP is served on a loopback address only: give the agent a TLS key and certificate');
      }
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
