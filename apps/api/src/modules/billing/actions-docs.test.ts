import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

describe('OpenAPI description of the money-moving actions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('describes each with its Idempotency-Key header, body, answers and security', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = {
      '/api/finance/top-ups': ['201', '400', '401', '402', '403', '409', '413', '415'],
      '/api/services/{id}/renew': ['200', '400', '401', '403', '404', '409', '413', '415'],
      '/api/domains/{id}/renew': ['200', '400', '401', '403', '404', '409', '413', '415'],
      '/api/services/{id}/plan': ['200', '400', '401', '404', '409', '413', '415'],
    };
    for (const [path, statuses] of Object.entries(routes)) {
      const post = spec.paths[path]?.post;
      expect(post, path).toBeDefined();
      expect(post.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(post.responses).sort()).toEqual(statuses);
      const header = post.parameters.find((p: { in: string; name: string }) => p.in === 'header');
      expect(header).toMatchObject({ name: 'idempotency-key', required: true });
      expect(post.requestBody.content['application/json'].schema).toBeDefined();
    }
    const renewal = spec.paths['/api/services/{id}/renew'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(renewal.properties).sort()).toEqual(['balance', 'expiresAt', 'invoice']);
    const change = spec.paths['/api/services/{id}/plan'].post;
    expect(Object.keys(change.requestBody.content['application/json'].schema.properties)).toEqual(['planId']);
    const cancelPending = spec.paths['/api/services/{id}/pending-plan'].delete;
    expect(cancelPending.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(cancelPending.responses).sort()).toEqual(['200', '401', '404', '409']);
  });
});
