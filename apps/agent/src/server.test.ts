import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentUnreachableError, createAgentClient } from './client';
import { AgentError } from './errors';
import { siteId } from './names';
import {
  createNonceMemory,
  HEADER_NONCE,
  HEADER_SIGNATURE,
  HEADER_TIMESTAMP,
  signRequest,
  verifyRequest,
} from './protocol';
import { createAgentServer } from './server';

const secret = randomBytes(32).toString('base64url');
const clock = Date.now();
const calls: string[] = [];
const agent = createAgentServer({
  secret,
  now: () => clock,
  routes: [
    { method: 'GET', path: '/v1/health', handle: async () => ({ body: { ok: true } }) },
    {
      method: 'PUT',
      path: '/v1/sites/:siteId',
      handle: async ({ params, body }) => {
        calls.push(siteId(params.siteId));
        return { body: { id: params.siteId!, got: body as never } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/sites/:siteId',
      handle: async () => {
        throw new AgentError({ status: 409, code: 'busy-site', message: 'Not now' });
      },
    },
  ],
});
let url = '';

beforeAll(async () => {
  const port = await agent.listen('127.0.0.1', 0);
  url = `http://127.0.0.1:${port}`;
});
afterAll(() => agent.close());

/** Sends a raw request with the given headers and body, answering the status and parsed body. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: { error?: string; reason?: string } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}${path}`,
      { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function signed(
  method: string,
  path: string,
  body = '',
  overrides: { timestamp?: string; nonce?: string; key?: string } = {},
) {
  const timestamp = overrides.timestamp ?? String(clock);
  const nonce = overrides.nonce ?? randomBytes(18).toString('base64url');
  return {
    [HEADER_TIMESTAMP]: timestamp,
    [HEADER_NONCE]: nonce,
    [HEADER_SIGNATURE]: signRequest(overrides.key ?? secret, { method, path, timestamp, nonce, body }),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

describe('the agent protocol', () => {
  it('serves a signed request and signs its answer', async () => {
    const client = createAgentClient({ url, secret, now: () => clock });
    const answer = await client.call<{ id: string; got: unknown }>('PUT', '/v1/sites/site-1', { domain: 'a.example' });
    expect(answer).toEqual({ status: 200, body: { id: 'site-1', got: { domain: 'a.example' } } });
  });

  it('refuses every route without a signature, even unknown ones', async () => {
    for (const path of ['/v1/health', '/v1/sites/x', '/nothing', '/../etc/passwd']) {
      const answer = await raw('GET', path, {});
      expect(answer).toEqual({ status: 401, body: { error: 'unauthorised', reason: 'unsigned' } });
    }
  });

  it('refuses a wrong key, a changed body, a changed path and a changed method', async () => {
    const body = JSON.stringify({ domain: 'a.example' });
    const wrongKey = await raw(
      'PUT',
      '/v1/sites/s1',
      signed('PUT', '/v1/sites/s1', body, { key: 'x'.repeat(43) }),
      body,
    );
    expect(wrongKey.body.reason).toBe('bad-signature');
    const changedBody = await raw('PUT', '/v1/sites/s1', signed('PUT', '/v1/sites/s1', body), body.replace('a.', 'b.'));
    expect(changedBody.body.reason).toBe('bad-signature');
    const changedPath = await raw('PUT', '/v1/sites/s2', signed('PUT', '/v1/sites/s1', body), body);
    expect(changedPath.body.reason).toBe('bad-signature');
    const changedMethod = await raw('DELETE', '/v1/sites/s1', signed('PUT', '/v1/sites/s1', body), body);
    expect(changedMethod.body.reason).toBe('bad-signature');
    expect(calls).not.toContain('s1');
  });

  it('refuses a replayed request and a stale or future timestamp', async () => {
    const headers = signed('GET', '/v1/health');
    expect((await raw('GET', '/v1/health', headers)).status).toBe(200);
    expect(await raw('GET', '/v1/health', headers)).toEqual({
      status: 401,
      body: { error: 'unauthorised', reason: 'replayed' },
    });
    const old = signed('GET', '/v1/health', '', { timestamp: String(clock - 6 * 60 * 1000) });
    expect((await raw('GET', '/v1/health', old)).body.reason).toBe('stale');
    const future = signed('GET', '/v1/health', '', { timestamp: String(clock + 6 * 60 * 1000) });
    expect((await raw('GET', '/v1/health', future)).body.reason).toBe('stale');
  });

  it('answers a route error with its code, a bad name with 400, an unknown path with 404', async () => {
    const client = createAgentClient({ url, secret, now: () => clock });
    expect(await client.call('DELETE', '/v1/sites/s1')).toMatchObject({ status: 409, body: { error: 'busy-site' } });
    expect(await client.call('PUT', '/v1/sites/..%2Fetc', {})).toMatchObject({
      status: 400,
      body: { error: 'invalid', field: 'siteId' },
    });
    expect(await client.call('GET', '/v1/nothing')).toMatchObject({ status: 404 });
    expect(await client.call('POST', '/v1/health')).toMatchObject({ status: 405 });
  });

  it('a client believes no answer but a refusal unless it is signed with its secret', async () => {
    // Our agent refuses the impostor's signature: that 401 is passed on as a refusal, whatever its signature.
    const impostor = createAgentClient({ url, secret: 'y'.repeat(43), now: () => clock });
    expect(await impostor.call('GET', '/v1/health')).toMatchObject({ status: 401, body: { reason: 'bad-signature' } });
    // An answer of another status that is not signed with our secret is not believed.
    const fake = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
    const fooled = createAgentClient({ url: fakeUrl, secret, now: () => clock });
    await expect(fooled.call('GET', '/v1/health')).rejects.toBeInstanceOf(AgentUnreachableError);
    await new Promise((resolve) => fake.close(resolve));
  });

  it('refuses plain HTTP off loopback and a short secret', () => {
    expect(() => createAgentServer({ secret: 'short', routes: [] })).toThrow(/at least/);
    const other = createAgentServer({ secret, routes: [] });
    expect(() => other.listen('0.0.0.0', 0)).toThrow(/loopback/);
  });
});

describe('the nonce memory', () => {
  it('forgets nothing inside the window and refuses new requests when full', () => {
    const memory = createNonceMemory({ windowMs: 1000, capacity: 2 });
    expect(memory.remember('a', 0, 0)).toBe(true);
    expect(memory.remember('a', 0, 500)).toBe('replayed');
    expect(memory.remember('b', 0, 0)).toBe(true);
    expect(memory.remember('c', 0, 500)).toBe('busy');
    // Once the first two have left the window they are forgotten and room is made.
    expect(memory.remember('c', 1500, 1500)).toBe(true);
    expect(memory.size).toBe(1);
  });

  it('checks the signature before remembering a nonce', () => {
    const memory = createNonceMemory();
    const headers = { [HEADER_TIMESTAMP]: '1000', [HEADER_NONCE]: 'n'.repeat(20), [HEADER_SIGNATURE]: 'z'.repeat(43) };
    expect(verifyRequest(secret, memory, { method: 'GET', path: '/', headers, body: Buffer.alloc(0) }, 1000)).toBe(
      'bad-signature',
    );
    expect(memory.size).toBe(0);
  });
});
