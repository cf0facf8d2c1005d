// The part of autocannon's API the benchmark and the load test use (the package ships no types).
declare module 'autocannon' {
  interface RequestParams {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface SequenceStep extends RequestParams {
    /** Builds the request from the connection's context (reset at the start of each pass of the sequence). */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Seconds a request may take before it counts as a time-out. */
    timeout?: number;
    /** Requests per second from all connections together (an open loop); none by default. */
    overallRate?: number;
    requests?: SequenceStep[];
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    '2xx': number;
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'reqError', listener: (error: unknown) => void): Instance;
  }
  export default function autocannon(options: Options): Instance;
}
