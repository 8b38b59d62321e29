/**
 * The part of autocannon's programmatic API the API benchmark uses (the package
 * ships no types and @types/autocannon is not installed).
 */
declare module 'autocannon' {
  export interface RequestContext {
    [key: string]: unknown;
  }

  export interface RequestData {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface RequestSpec extends RequestData {
    /** Called before each request; returns the request to send. */
    setupRequest?: (request: RequestData, context: RequestContext) => RequestData;
    /** Called with each response; `headers` keys are as the server sent them. */
    onResponse?: (
      status: number,
      body: string,
      context: RequestContext,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options extends RequestData {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds. */
    timeout?: number;
    requests?: RequestSpec[];
    /** Answers with another body are counted in `mismatches`. */
    expectBody?: string;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches?: number;
    '2xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends Promise<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
