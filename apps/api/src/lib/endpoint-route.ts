import type { EndpointShape } from '@hostpilot/shared';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The entry of the endpoint table the route was registered from (lib/endpoint-route.ts). */
    endpoint?: EndpointShape;
  }
}

/** The route's schema as fastify-type-provider-zod reads it, so the handler is typed by the entry. */
type SchemaOf<E extends EndpointShape, R> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: {
    [K in keyof Extra<R> | StatusOf<E>]: K extends StatusOf<E>
      ? E['response']
      : K extends keyof Extra<R>
        ? Extra<R>[K]
        : never;
  };
};
type StatusOf<E extends EndpointShape> = E['status'] extends number ? E['status'] : 200;
/** The route's own further answers by status; errors built from a plain record (any status) type nothing. */
type Extra<R> = number extends keyof R ? unknown : R;

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type EndpointHandler<E extends EndpointShape, R = unknown> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E, R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its entry: the OpenAPI words (tags, summary, description), its error answers, hooks. */
export type EndpointRouteOptions<R = unknown> = Omit<RouteShorthandOptions, 'schema' | 'onRequest'> & {
  /** Hooks that run after the entry's sign-in check. */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** The route's other answers (errors, a second success) sit in `response` beside the entry's. */
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'> & { response?: R };
};

/** The path of an entry (below /api) relative to the scope the route is registered in. */
export function scopedPath(prefix: string, path: string): string {
  const below = prefix.startsWith('/api') ? prefix.slice('/api'.length) : prefix;
  if (!path.startsWith(below)) throw new Error(`${path} cannot be registered in the scope ${prefix}`);
  return path.slice(below.length) || '/';
}

/**
 * Registers the route of one endpoint table entry (docs/decisions/068-typed-endpoint-contract.md): method, path,
 * params, query, body, success answer, sign-in and permission come from the entry, never written again here.
 */
export function endpointRoute<const E extends EndpointShape, R = unknown>(
  app: ZodApp,
  entry: E,
  options: EndpointRouteOptions<R>,
  handler: EndpointHandler<E, R>,
): void {
  if ((entry.auth === 'staff') !== entry.path.startsWith('/admin/')) {
    throw new Error(`${entry.method} ${entry.path}: staff entries, and only they, live under /admin`);
  }
  if (entry.permission !== undefined && entry.auth !== 'staff') {
    throw new Error(`${entry.method} ${entry.path}: only a staff entry names a permission`);
  }
  const { schema = {}, onRequest, config, ...rest } = options;
  const signIn: onRequestHookHandler[] =
    entry.auth === 'customer'
      ? [app.authenticate]
      : entry.auth === 'verified'
        ? [app.authenticate, app.requireVerifiedEmail]
        : [];
  const hooks = [...signIn, ...(onRequest === undefined ? [] : [onRequest].flat())];
  const { response, ...words } = schema;
  app.route({
    ...rest,
    method: entry.method,
    url: scopedPath(app.prefix, entry.path),
    ...(hooks.length === 0 ? {} : { onRequest: hooks.length === 1 ? hooks[0] : hooks }),
    config: { ...config, endpoint: entry, ...(entry.auth === 'staff' ? { access: entry.permission ?? 'staff' } : {}) },
    schema: {
      ...(entry.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...words,
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: {
        ...(entry.response ? { [entry.status ?? 200]: entry.response } : {}),
        ...(response as Record<number, unknown> | undefined),
      },
    },
    handler: handler as RouteHandlerMethod,
  });
}

/** `METHOD /path` below /api, the way the table test names a route. */
export function routeName(method: string, apiPath: string): string {
  return `${method} ${apiPath}`;
}

/**
 * Refuses, at start-up, a route of the scope (the /api scope in app.ts) that is not registered from the endpoint
 * table: since the last staff routes moved to the table there are no exceptions. Reports every route it sees to
 * `seen`, for the test.
 */
export function guardEndpointTable(
  scope: FastifyInstance,
  seen?: (route: { name: string; endpoint: EndpointShape | undefined }) => void,
): void {
  scope.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    const apiPath = route.url.startsWith('/api') ? route.url.slice('/api'.length) : route.url;
    const endpoint = route.config?.endpoint;
    for (const method of methods) {
      const name = routeName(method, apiPath);
      seen?.({ name, endpoint });
      if (endpoint === undefined) {
        throw new Error(`${name} is not registered from the endpoint table (packages/shared/src/endpoints)`);
      }
      if (endpoint !== undefined && routeName(endpoint.method, endpoint.path) !== name) {
        throw new Error(`${name} was registered for ${routeName(endpoint.method, endpoint.path)}`);
      }
    }
  });
}
