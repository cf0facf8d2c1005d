import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';
import { session } from './session';

/** How many times a failed read is tried again before the page shows its error with Retry. */
const MAX_RETRIES = 2;

/**
 * A read is tried again only when trying again can help: the server could not be reached, timed out, was
 * busy or failed (status 0, 408, 429, 5xx). A refusal (400, 401 after the refresh, 403, 404) will not change.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Pages visited again within this time show their data at once and refresh it behind the scenes.
        staleTime: 30_000,
      },
    },
  });
}

let client: QueryClient | undefined;

/**
 * The signed-in area's one cache. It is created when the dashboard or back office first loads (the public site
 * never downloads TanStack Query) and emptied whenever the signed-in account changes, so nobody ever sees the
 * previous account's rows, not even for a moment after signing in on a shared computer.
 */
export function appQueryClient(): QueryClient {
  if (client) return client;
  const created = createQueryClient();
  let userId = session.getState().user?.id ?? null;
  session.subscribe(() => {
    const next = session.getState().user?.id ?? null;
    if (next === userId) return;
    userId = next;
    created.clear();
  });
  client = created;
  return created;
}
