// The sign-in flow under load, shared by `npm run bench:api` and the load test (apps/api/resilience/load.test.ts):
// every autocannon connection loops over register → login → refresh → GET /api/users/me with a new account
// each pass. The API must be started with rate limits high enough for one address (see flowEnv).
import fs from 'node:fs';
import autocannon from 'autocannon';

/** Environment the API needs for the flow: every request comes from one loopback address. */
export const flowEnv = {
  RATE_LIMIT_REGISTER_MAX: '100000000',
  RATE_LIMIT_LOGIN_MAX: '100000000',
  RATE_LIMIT_LOGIN_IP_MAX: '100000000',
  RATE_LIMIT_LOGIN_EMAIL_CEILING: '100000000',
  RATE_LIMIT_API_MAX: '100000000',
} as const;

export interface EventLoopReport {
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  meanMs: number;
  samples: number;
}

export interface FlowResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Complete passes (an account registered, signed in, refreshed and read). */
  accountsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  serverErrors: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The first few request errors (connection refused, reset...), for a failing run's message. */
  errorSamples: string[];
  /** E-mails of every registration the API acknowledged (201). */
  registered: string[];
  /** Answers other than the expected one, by step: `login 401`. */
  unexpected: Record<string, number>;
}

export async function runSignInFlow(options: {
  url: string;
  connections: number;
  duration: number;
  label?: string;
}): Promise<FlowResult> {
  const label = options.label ?? `flow-${Date.now().toString(36)}`;
  const registered: string[] = [];
  const unexpected: Record<string, number> = {};
  let sequence = 0;
  let completed = 0;
  const note = (step: string, status: number, expected: number) => {
    if (status !== expected) unexpected[`${step} ${status}`] = (unexpected[`${step} ${status}`] ?? 0) + 1;
  };
  const password = 'correct horse battery';
  const json = { 'content-type': 'application/json' };

  const errorSamples: string[] = [];
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/register',
        setupRequest: (request, context) => {
          context.email = `${label}-${(sequence += 1)}@example.com`;
          const body = { firstName: 'Load', lastName: 'Test', email: context.email, password };
          return { ...request, headers: json, body: JSON.stringify(body) };
        },
        onResponse: (status, _body, context) => {
          note('register', status, 201);
          if (status === 201) registered.push(String(context.email));
        },
      },
      {
        method: 'POST',
        path: '/api/auth/login',
        setupRequest: (request, context) => ({
          ...request,
          headers: json,
          body: JSON.stringify({ email: context.email, password }),
        }),
        onResponse: (status, body, context) => {
          note('login', status, 200);
          if (status === 200) context.refresh = (JSON.parse(body) as { refresh_token: string }).refresh_token;
        },
      },
      {
        method: 'POST',
        path: '/api/auth/refresh',
        setupRequest: (request, context) => ({
          ...request,
          headers: json,
          body: JSON.stringify({ refreshToken: context.refresh ?? 'missing' }),
        }),
        onResponse: (status, body, context) => {
          note('refresh', status, 200);
          if (status === 200) context.access = (JSON.parse(body) as { token: string }).token;
        },
      },
      {
        method: 'GET',
        path: '/api/users/me',
        setupRequest: (request, context) => ({
          ...request,
          headers: { authorization: `Bearer ${String(context.access ?? 'missing')}` },
        }),
        onResponse: (status) => {
          note('me', status, 200);
          if (status === 200) completed += 1;
        },
      },
    ],
  });
  instance.on('reqError', (error) => {
    if (errorSamples.length < 5) errorSamples.push(error instanceof Error ? error.message : String(error));
  });
  const result = await instance;

  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
  );
  return {
    connections: options.connections,
    durationSeconds: options.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    accountsPerSecond: Math.round((completed / options.duration) * 10) / 10,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statusCodes,
    serverErrors: Object.entries(statusCodes)
      .filter(([code]) => code.startsWith('5'))
      .reduce((sum, [, count]) => sum + count, 0),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    errorSamples,
    registered,
    unexpected,
  };
}

/** The event-loop figures the preloaded monitor (bench/event-loop-monitor.mjs) last wrote. */
export function readEventLoopReport(file: string): EventLoopReport {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as EventLoopReport;
}
