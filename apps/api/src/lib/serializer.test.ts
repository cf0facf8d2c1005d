import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, serializerCompilerOnFirstAnswer } from './serializer';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serialiser', () => {
  it('writes only the properties the schema names, so nothing unlisted leaks', () => {
    const serialize = compile(z.object({ id: z.string(), role: z.number().int(), note: z.string().nullable() }));
    const out = serialize({ id: 'u1', role: 1, note: null, passwordHash: '$argon2id$secret' });
    expect(JSON.parse(out)).toEqual({ id: 'u1', role: 1, note: null });
    expect(out).not.toContain('argon2');
  });

  it('serialises nested lists as JSON.stringify would', () => {
    const row = z.object({ name: z.string(), count: z.number(), tags: z.array(z.string()) });
    const serialize = compile(z.object({ items: z.array(row), total: z.number() }));
    const value = { items: [{ name: 'Ёжик "quoted" \\ </script>', count: 2.5, tags: ['a', 'б'] }], total: 1 };
    expect(JSON.parse(serialize(value))).toEqual(value);
  });

  it('keeps the zod serialiser for a schema JSON Schema cannot describe, and still checks it', () => {
    const serialize = compile(z.object({ at: z.date() }));
    expect(JSON.parse(serialize({ at: new Date(0) }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });

  it('refuses an answer that lacks a required property rather than send half of it', () => {
    const serialize = compile(z.object({ id: z.string(), email: z.string() }));
    expect(() => serialize({ id: 'u1' })).toThrow();
  });

  it('compiled on the first answer (the API tests), writes what the compiled-at-start one writes', () => {
    const route = {
      schema: z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })) }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    };
    const atStart = serializerCompiler(route);
    const onFirstAnswer = serializerCompilerOnFirstAnswer(route);
    const value = { id: 'u1', items: [{ n: 1, secret: 'x' }], passwordHash: '$argon2id$secret' };
    expect(onFirstAnswer(value)).toBe(atStart(value));
    expect(onFirstAnswer({ ...value, id: 'u2' })).toBe(atStart({ ...value, id: 'u2' }));
    expect(onFirstAnswer(value)).not.toContain('secret');
    expect(() => onFirstAnswer({ items: [] })).toThrow();
  });
});
