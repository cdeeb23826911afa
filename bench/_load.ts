// The load generator. `load()` runs autocannon in a child process, so it never shares an event
// loop with the server under test; run this file directly and it is that child.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Seconds of load before sampling starts (connections open, JIT warm). */
  warmupSeconds?: number;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

const SELF = fileURLToPath(import.meta.url);

export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}: ${err}`));
      const result = JSON.parse(out) as LoadResult;
      if (result.non2xx || result.errors || result.timeouts)
        return reject(
          new Error(
            `${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          ),
        );
      resolve(result);
    });
  });
}

async function main(options: LoadOptions) {
  const { default: autocannon } = await import('autocannon');
  const run = (seconds: number) =>
    autocannon({
      url: options.url,
      headers: options.headers,
      connections: options.connections,
      duration: seconds,
    });
  if (options.warmupSeconds) await run(options.warmupSeconds);
  const r = await run(options.seconds);
  const result: LoadResult = {
    rps: r.requests.total / (r.duration || options.seconds),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  process.stdout.write(JSON.stringify(result));
}

if (process.argv[1] === SELF) await main(JSON.parse(process.argv[2]!) as LoadOptions);
