import { vi } from 'vitest';

/** An answer of the test API: a body (200), or a status with an optional body. */
export type Answer = unknown | { status: number; body?: unknown };
/** What a handler may read of the request besides its URL: the method, the headers and the JSON body. */
export interface TestRequest {
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
/** `request` is always given by `serveApi`; a test that calls a handler itself may leave it out. */
export type Handler = (url: URL, request?: TestRequest) => Answer | Promise<Answer>;

const isStatus = (answer: unknown): answer is { status: number; body?: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && typeof answer.status === 'number';

export interface TestApi {
  /** Every URL the app asked for, in order ("/api/admin/users?page=2..."). */
  calls: string[];
  /** Every request that was not a GET, in order, with its method, path, headers and body. */
  writes: (TestRequest & { path: string })[];
  /** Replaces or adds the handler of a path (without its query string). */
  on: (path: string, handler: Handler) => void;
}

/**
 * The API as component tests see it: the app's real HTTP client calls `fetch`, which this answers from
 * `routes` (path without query → handler). An unknown path answers 404 in the API's error shape, so a test
 * never passes on a call it did not expect. Restore with `vi.unstubAllGlobals()` (done after each test).
 */
export function serveApi(routes: Record<string, Handler | Answer>): TestApi {
  const table = new Map(Object.entries(routes));
  const calls: string[] = [];
  const writes: TestApi['writes'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      const request: TestRequest = {
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(Object.entries((init?.headers as Record<string, string>) ?? {})),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      if (request.method !== 'GET') writes.push({ ...request, path: url.pathname });
      const route = table.get(url.pathname);
      const answer: Answer =
        route === undefined
          ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }
          : typeof route === 'function'
            ? await (route as Handler)(url, request)
            : route;
      const { status, body } = isStatus(answer) ? answer : { status: 200, body: answer };
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, writes, on: (path, handler) => table.set(path, handler) };
}

/** An answer that fails like a server error, in the API's error shape. */
export const serverError = { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal Server Error' } } };

/** `items` paged as the API pages a list: `page` (1-based) and `pageSize` from the query string. */
export function paged<Row>(items: Row[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}
