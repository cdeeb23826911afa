// The part of autocannon's API the load generator uses (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  };
  type Histogram = { p50: number; p99: number; max: number; average: number };
  type Result = {
    duration: number;
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
