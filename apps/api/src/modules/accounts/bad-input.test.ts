import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { isErrorShape, jsonOf, snapshotData } from '../../test/snapshot';

/**
 * Bad input to every endpoint: wrong types, missing fields, huge bodies, invalid UTF-8, deep JSON, other
 * content types and methods. Each must answer a 4xx in the error shape, and none may change stored data.
 */

const BODY_LIMIT = 64 * 1024;

type Payload = string | Buffer;
interface BadRequest {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: Payload;
  contentType?: string | null;
  headers?: Record<string, string>;
}

const POST_ENDPOINTS: Record<string, Record<string, unknown>> = {
  '/api/auth/register': {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'bad.input@example.com',
    password: 'pw-123456',
  },
  '/api/auth/login': { email: 'bad.input@example.com', password: 'pw-123456', remember: false },
  '/api/auth/refresh': { refreshToken: 'x'.repeat(43) },
  '/api/auth/logout': { refreshToken: 'x'.repeat(43) },
};

const WRONG_TYPES: unknown[] = [42, -1.5, true, null, [], ['a'], {}, { $ne: '' }, { toString: 'x' }, 1e308];
const WHOLE_BODIES = ['null', '[]', '"text"', '42', 'true', '{}', '[{"email":"a@b.c"}]'];
const MALFORMED = [
  '{',
  '{"email": "a@example.com",',
  "{'email': 'a@example.com'}",
  '{"email": NaN}',
  '{"email": "a"} trailing',
  '{"email": "\\x41"}',
  '{"email": "\\ud800"',
  '',
  ' ',
];

/** Bytes that are not UTF-8: a lone continuation byte, an overlong '/', a truncated sequence, 0xFF, a surrogate. */
const INVALID_UTF8: Buffer[] = [
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xff]),
  Buffer.from([0xed, 0xa0, 0x80]),
];

function withBytes(body: Record<string, unknown>, field: string, bytes: Buffer): Buffer {
  const marker = '@@BYTES@@';
  const text = JSON.stringify({ ...body, [field]: `${String(body[field] ?? 'x')}${marker}` });
  const [before, after] = text.split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]);
}

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function cases(): BadRequest[] {
  const list: BadRequest[] = [];
  for (const [url, valid] of Object.entries(POST_ENDPOINTS)) {
    for (const body of WHOLE_BODIES) list.push({ name: `${url} body ${body}`, url, payload: body });
    for (const body of MALFORMED) list.push({ name: `${url} malformed ${JSON.stringify(body)}`, url, payload: body });
    for (const field of Object.keys(valid)) {
      const { [field]: _omitted, ...rest } = valid;
      if (field !== 'remember') list.push({ name: `${url} missing ${field}`, url, payload: JSON.stringify(rest) });
      for (const value of WRONG_TYPES) {
        if (field === 'remember' && typeof value === 'boolean') continue;
        list.push({
          name: `${url} ${field}=${JSON.stringify(value)}`,
          url,
          payload: JSON.stringify({ ...valid, [field]: value }),
        });
      }
      list.push({
        name: `${url} ${field} huge within the limit`,
        url,
        payload: JSON.stringify({ ...valid, [field]: 'x'.repeat(BODY_LIMIT - 200) }),
      });
      list.push({
        name: `${url} ${field} deep array`,
        url,
        payload: `{${JSON.stringify(field)}:${deepArray(20_000)}}`,
      });
      for (const bytes of INVALID_UTF8) {
        list.push({
          name: `${url} ${field} with bytes ${bytes.toString('hex')}`,
          url,
          payload: withBytes(valid, field, bytes),
        });
      }
    }
    if (url === '/api/auth/register') {
      for (const field of ['firstName', 'lastName']) {
        for (const text of ['A\u0000B', '\u0000', 'Tab\tbed', 'Line\nbreak', 'Del\u007f']) {
          list.push({
            name: `${url} ${field} with control character ${JSON.stringify(text)}`,
            url,
            payload: JSON.stringify({ ...valid, email: 'control@example.com', [field]: text }),
          });
        }
      }
    }
    list.push({ name: `${url} deep object`, url, payload: deepObject(10_000) });
    list.push({ name: `${url} deep array body`, url, payload: deepArray(30_000) });
    list.push({
      name: `${url} over the body limit`,
      url,
      payload: JSON.stringify({ ...valid, padding: 'x'.repeat(BODY_LIMIT * 4) }),
    });
    list.push({ name: `${url} 2 MB of garbage`, url, payload: Buffer.alloc(2 * 1024 * 1024, 0x7b) });
    list.push({ name: `${url} text/plain`, url, payload: JSON.stringify(valid), contentType: 'text/plain' });
    list.push({
      name: `${url} form-encoded`,
      url,
      payload: new URLSearchParams(valid as Record<string, string>).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    list.push({
      name: `${url} multipart`,
      url,
      payload: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--b--\r\n',
      contentType: 'multipart/form-data; boundary=b',
    });
    list.push({ name: `${url} no content type`, url, payload: JSON.stringify(valid), contentType: null });
    list.push({
      name: `${url} UTF-16 body`,
      url,
      payload: Buffer.from(JSON.stringify(valid), 'utf16le'),
      contentType: 'application/json; charset=utf-16',
    });
    list.push({ name: `${url} with GET`, url, method: 'GET' });
    list.push({ name: `${url} with PUT`, url, method: 'PUT', payload: JSON.stringify(valid) });
    list.push({ name: `${url} with DELETE`, url, method: 'DELETE' });
  }
  for (const authorization of [
    '',
    'Bearer',
    'Bearer \u0000',
    'Basic YTpi',
    `Bearer ${'a'.repeat(10_000)}`,
    'Bearer a.b.c',
  ]) {
    list.push({
      name: `/api/users/me Authorization ${authorization.slice(0, 20)}`,
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization },
    });
  }
  list.push({ name: '/api/users/me with a body', method: 'GET', url: '/api/users/me', payload: '{"id":1}' });
  list.push({ name: '/api/users/me with POST', method: 'POST', url: '/api/users/me', payload: '{}' });
  list.push({ name: '/api/health with POST', method: 'POST', url: '/api/health', payload: deepArray(1000) });
  list.push({ name: '/api/health with DELETE', method: 'DELETE', url: '/api/health' });
  return list;
}

describe(`bad input to every endpoint (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let session: Session;
  let before: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_REGISTER_MAX: '100000',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000',
    });
    ({ session } = await register(ctx.app, newAccount({ email: 'bad.input@example.com', password: 'pw-123456' })));
    before = await snapshotData(ctx.app);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it.each(cases().map((c) => [c.name, c] as const))('%s: 4xx in the error shape', async (_name, bad) => {
    const headers: Record<string, string> = { ...bad.headers };
    if (bad.payload !== undefined && bad.contentType !== null)
      headers['content-type'] = bad.contentType ?? 'application/json';
    const response = await ctx.app.inject({
      method: bad.method ?? 'POST',
      url: bad.url,
      headers,
      payload: bad.payload,
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(isErrorShape(jsonOf(response.body)), response.body).toBe(true);
  });

  it('refuses invalid UTF-8 as malformed even where the field would accept any text', async () => {
    const body = withBytes(
      { ...POST_ENDPOINTS['/api/auth/register'], email: 'utf8@example.com' },
      'password',
      Buffer.from([0xff]),
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_JSON');
  });

  it('left every stored row as it was, and the session still works', async () => {
    expect(await snapshotData(ctx.app)).toBe(before);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
