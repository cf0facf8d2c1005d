import {
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointShape,
  type AnyRoute,
  type EntryOf,
  endpointUrl,
  type ErrorCode,
  type FieldError,
  isApiErrorBody,
} from '@hostpilot/shared';
import { tokenStorage, type TokenStorage } from './storage';

/** The one error type of the web app's API calls. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields?: Record<string, FieldError>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** docs/product/errors.md: the internal error when a refresh is needed and no refresh token is stored. */
export const NO_REFRESH_TOKEN = 'No refresh token available';

export interface RequestOptions {
  body?: unknown;
  /** Send the stored access token and, on a 401, refresh once and replay (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** The Accept header (default application/json). */
  accept?: string;
  /** Further headers, e.g. the `Idempotency-Key` of a money-moving request. */
  headers?: Record<string, string>;
}

/**
 * What a call of one endpoint table entry sends: its path parameters and body when the entry has them, its query
 * when it takes one, and the request options (docs/decisions/068-typed-endpoint-contract.md). A path parameter
 * left out fails before anything is sent.
 */
export type CallInput<E extends EndpointShape> = Omit<RequestOptions, 'body'> &
  (E['params'] extends object ? { params: EndpointParams<E> } : { params?: undefined }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: undefined });

export interface HttpClientOptions {
  baseUrl: string;
  storage?: TokenStorage;
  fetch?: typeof fetch;
  /** Called when a 401 could not be cured by a refresh: tokens are already cleared. */
  onSessionExpired?: () => void;
  /** Runs the refresh under a lock shared by every tab (Web Locks), so tabs never race one token. */
  lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

interface RefreshAnswer {
  token: string;
  refresh_token: string;
}

function browserLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request(name, task) as Promise<T>;
  }
  return task();
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isApiErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  }
  return new ApiError(response.status, undefined, response.statusText || `HTTP ${response.status}`);
}

export interface DownloadedFile {
  blob: Blob;
  /** From `filename*` (UTF-8) or `filename`; `download` when the answer names none. */
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` first, else `filename`. */
export function fileNameOf(header: string | null): string {
  if (!header) return 'download';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || 'download';
}

export function createHttpClient(options: HttpClientOptions) {
  const storage = options.storage ?? tokenStorage;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const lock = options.lock ?? browserLock;
  let refreshing: Promise<string> | null = null;

  async function send(method: string, path: string, init: RequestOptions, accessToken: string | null) {
    const headers: Record<string, string> = { ...init.headers, Accept: init.accept ?? 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    // The interface language, so that mails the request causes (reset links, security notices) are written in it.
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (language) headers['Accept-Language'] = language;
    try {
      return await fetchImpl(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, undefined, error instanceof Error ? error.message : 'Network error');
    }
  }

  /**
   * Exchanges the refresh token for a new access token. Concurrent callers share one exchange; across tabs a
   * lock serialises them, and a tab that finds the token already rotated by another tab uses the new one.
   */
  function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      const startedWith = storage.getRefreshToken();
      if (!startedWith) throw new ApiError(401, undefined, NO_REFRESH_TOKEN);
      return lock('hostpilot-token-refresh', async () => {
        const current = storage.getRefreshToken();
        const access = storage.getAccessToken();
        if (current && current !== startedWith && access) return access;
        if (!current) throw new ApiError(401, undefined, NO_REFRESH_TOKEN);
        const response = await send('POST', '/auth/refresh', { body: { refreshToken: current } }, null);
        if (!response.ok) throw await toApiError(response);
        const answer = (await response.json()) as RefreshAnswer;
        storage.setTokens(answer.token, answer.refresh_token);
        return answer.token;
      });
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The answer to a call, signed in unless `auth` is false, through one refresh when the token has expired. */
  async function respond(method: string, path: string, init: RequestOptions): Promise<Response> {
    const auth = init.auth ?? true;
    let response = await send(method, path, init, auth ? storage.getAccessToken() : null);

    if (response.status === 401 && auth) {
      let fresh: string;
      try {
        fresh = await refreshAccessToken();
      } catch (error) {
        // A refused refresh ends the session; a network failure leaves the tokens for the next try.
        if (!(error instanceof ApiError && error.isNetworkError)) {
          storage.clear();
          options.onSessionExpired?.();
        }
        throw error;
      }
      response = await send(method, path, init, fresh);
      if (response.status === 401) {
        storage.clear();
        options.onSessionExpired?.();
      }
    }

    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const response = await respond(method, path, init);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * A file the API answers (an invoice's PDF, a statement), with the name its Content-Disposition gives; a file
   * that needs a body (a certificate's private key after the password) is asked for with POST.
   */
  async function download(
    path: string,
    init: Omit<RequestOptions, 'body'> = {},
    post?: { body: unknown },
  ): Promise<DownloadedFile> {
    const response = await respond(post ? 'POST' : 'GET', path, {
      ...init,
      ...(post ? { body: post.body } : {}),
      accept: '*/*',
    });
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  /** The URL of an entry below the API's base, from its path, path parameters and query. */
  function urlOf(entry: AnyRoute, input: CallInput<EndpointShape> | undefined): string {
    return endpointUrl(
      entry,
      input?.params as Record<string, string | number> | undefined,
      input?.query as Record<string, unknown> | undefined,
    );
  }

  /**
   * Calls one entry of the endpoint table: method and path from the entry, the answer typed by it. The only way
   * the app's features reach the API (lint: no hand-written API paths outside lib/).
   */
  async function call<R extends AnyRoute>(
    entry: R,
    input?: CallInput<EntryOf<R>>,
  ): Promise<EndpointAnswer<EntryOf<R>>> {
    const { params: _params, query: _query, ...init } = (input ?? {}) as CallInput<EndpointShape>;
    return request<EndpointAnswer<EntryOf<R>>>(
      entry.method,
      urlOf(entry, input as CallInput<EndpointShape> | undefined),
      init as RequestOptions,
    );
  }

  /** Downloads the file an entry answers (GET, or POST when the entry takes a body). */
  async function downloadFrom<R extends AnyRoute>(entry: R, input?: CallInput<EntryOf<R>>): Promise<DownloadedFile> {
    const { params: _params, query: _query, body, ...init } = (input ?? {}) as CallInput<EndpointShape>;
    return download(
      urlOf(entry, input as CallInput<EndpointShape> | undefined),
      init,
      entry.method === 'POST' ? { body } : undefined,
    );
  }

  return {
    call,
    downloadFrom,
    request,
    get: <T>(path: string, init?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, init),
    post: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('PUT', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('PATCH', path, { ...init, body }),
    delete: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('DELETE', path, { ...init, body }),
    download,
    refreshAccessToken,
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export const API_BASE_URL = import.meta.env.VITE_API_BASE_URL ?? '/api';

/** The address a plain form posts to: an entry of the endpoint table without parameters, under the API's base. */
export const formActionOf = (entry: Pick<AnyRoute, 'path'>): string => `${API_BASE_URL}${endpointUrl(entry)}`;
