import { type EndpointShape, endpoints, idParamsSchema, defineEndpoint, endpointUrl } from '@hostpilot/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { endpointRoute, guardEndpointTable, routeName } from './endpoint-route';

const table: EndpointShape[] = Object.values(endpoints).flatMap((group) => Object.values(group));

describe(`the endpoint table and the API's routes (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const seen: { name: string; endpoint: EndpointShape | undefined }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({}, { onApiRoute: (route) => seen.push(route) });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('registers every route under /api from its table entry', () => {
    const fromTable = seen.filter((route) => route.endpoint !== undefined).map((route) => route.name);
    const others = seen.filter((route) => route.endpoint === undefined).map((route) => route.name);
    expect(others).toEqual([]);
    expect(new Set(fromTable).size).toBe(fromTable.length);
    expect(fromTable.sort()).toEqual(table.map((entry) => routeName(entry.method, entry.path)).sort());
  });

  it('registers each entry once, from that very entry', () => {
    for (const entry of table) {
      const registered = seen.filter((route) => route.endpoint === entry);
      expect(registered.map((route) => route.name)).toEqual([routeName(entry.method, entry.path)]);
    }
  });

  it('documents every entry in the OpenAPI description with its method and path', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const entry of table) {
      const path = `/api${entry.path.replace(/:(\w+)/g, '{$1}')}`;
      expect(spec.paths[path]?.[entry.method.toLowerCase()], `${entry.method} ${path}`).toBeDefined();
    }
  });
});

describe('endpointRoute and guardEndpointTable', () => {
  const entry = defineEndpoint({
    method: 'GET',
    path: '/things/:id',
    params: idParamsSchema,
    query: z.object({ full: z.enum(['yes', 'no']).optional() }),
    response: z.object({ id: z.string(), full: z.boolean() }),
    auth: 'public',
  });

  async function appWith(register: (api: FastifyInstance) => void) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(
      async (api) => {
        guardEndpointTable(api);
        register(api);
      },
      { prefix: '/api' },
    );
    return app;
  }

  it('serves an entry with its params, query and answer checked', async () => {
    const app = await appWith((api) =>
      endpointRoute(api.withTypeProvider<ZodTypeProvider>(), entry, { schema: { summary: 'A thing' } }, (request) => ({
        id: request.params.id,
        full: request.query.full === 'yes',
      })),
    );
    const answer = await app.inject({
      method: 'GET',
      url: `/api${endpointUrl(entry, { id: 'a b' }, { full: 'yes' })}`,
    });
    expect(answer.json()).toEqual({ id: 'a b', full: true });
    expect((await app.inject({ method: 'GET', url: '/api/things/x?full=maybe' })).statusCode).toBe(400);
    await app.close();
  });

  it('refuses at start-up a route written by hand that the table does not know', async () => {
    await expect(appWith((api) => api.get('/hand-written', async () => 'x'))).rejects.toThrow(
      'GET /hand-written is not registered from the endpoint table',
    );
  });

  it('refuses a staff entry outside /admin and a customer entry with a permission', async () => {
    const staff = defineEndpoint({ method: 'GET', path: '/things', auth: 'staff', response: z.null() });
    await expect(
      appWith((api) => endpointRoute(api.withTypeProvider<ZodTypeProvider>(), staff, {}, () => null)),
    ).rejects.toThrow('staff entries, and only they, live under /admin');
  });
});

describe('endpointUrl', () => {
  it('fills the path parameters, encoded, and appends the query without empty values', () => {
    const entry = defineEndpoint({ method: 'GET', path: '/a/:id/b/:name', auth: 'public' });
    expect(endpointUrl(entry, { id: 'x/y', name: 'ü' }, { q: '', page: 2, sort: undefined, tag: ['a', 'b'] })).toBe(
      '/a/x%2Fy/b/%C3%BC?page=2&tag=a&tag=b',
    );
    expect(() => endpointUrl(entry, { id: '1' })).toThrow(':name');
  });
});
