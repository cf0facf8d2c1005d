import { describe, expect, it } from 'vitest';
import { endpoints } from './index';
import * as routes from './routes';

/** routes.ts is generated from the table (scripts/gen-endpoint-routes.mjs); this fails when it is stale. */
describe('the web route map', () => {
  it('has every entry of the table with its method, path and auth, and nothing else', () => {
    const fromTable = Object.fromEntries(
      Object.entries(endpoints).map(([group, entries]) => [
        `${group}Routes`,
        Object.fromEntries(
          Object.entries(entries).map(([name, e]) => [name, { method: e.method, path: e.path, auth: e.auth }]),
        ),
      ]),
    );
    expect({ ...routes }).toEqual(fromTable);
  });
});
