import type { z } from 'zod';
import type { Permission } from '../roles';

/**
 * The typed endpoint contract (docs/decisions/068-typed-endpoint-contract.md): every route the API serves is one
 * entry, written once. The API registers its route from the entry (apps/api/src/lib/endpoint-route.ts); the web
 * calls it through one client function typed by the entry (apps/web/src/lib/http.ts `call`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`), a signed-in account (`customer`), one whose email address is verified
 * (`verified`), or staff under /api/admin, with `permission` (or any staff role without one).
 */
export type EndpointAuth = 'public' | 'customer' | 'verified' | 'staff';

/** A success status an entry answers with (200 unless said). */
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface EndpointShape {
  readonly method: HttpMethod;
  /** Below /api, with `:name` for each path parameter, e.g. `/hosting/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer; absent when it is a file (the web downloads it). */
  readonly response?: z.ZodType;
  readonly status?: SuccessStatus;
  readonly auth: EndpointAuth;
  /** For `staff` entries: the permission the route checks (decision 014); absent means any staff role. */
  readonly permission?: Permission;
}

/** One entry of the table; `const` keeps the literal method and path for the types built from it. */
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends EndpointShape>(entry: E): E {
  return entry;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the web sends as path parameters, query and body. */
export type EndpointParams<E extends EndpointShape> = Input<E['params']>;
export type EndpointQuery<E extends EndpointShape> = Input<E['query']>;
export type EndpointBody<E extends EndpointShape> = Input<E['body']>;
/** What the entry answers (undefined for 204 and files). */
export type EndpointAnswer<E extends EndpointShape> = E['status'] extends 204 ? undefined : Output<E['response']>;

/** The path with its parameters filled in and the query appended (values left out when undefined or ''). */
export function endpointUrl(
  entry: Pick<EndpointShape, 'path'>,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const path = entry.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${entry.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * What the web needs of an entry at run time: method, path and who may call, with the whole entry carried as a
 * type only (a brand no value has). The web calls through these (`routes.ts`, generated from the table by
 * `scripts/gen-endpoint-routes.mjs`), so no zod schema of the table is bundled into the web app
 * (docs/decisions/068-typed-endpoint-contract.md, addendum).
 */
export interface RouteOf<E extends EndpointShape> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly auth: EndpointAuth;
  /** Type only (a brand, never set at run time): the entry this route is of. */
  readonly [routeEntry]: E;
}

declare const routeEntry: unique symbol;

/** Any route of the table. */
export type AnyRoute = RouteOf<EndpointShape>;
/** The entry (or, for a union of routes, the union of entries) a route is of. */
export type EntryOf<R> = R extends RouteOf<infer E> ? E : never;
