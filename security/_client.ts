// An HTTP client for attacks: the path goes on the wire exactly as written (no URL
// normalisation of `../` or `%2e`), any Authorization header can be sent, and each client
// connects from a loopback address of its own (127.0.0.0/8 is all loopback on Linux), so a
// test gets its own rate-limit budget without trusting any forwarded header.
import { Agent } from 'node:http';
import { wireRequest } from '@dayframe/test-kit';

export type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  header(name: string): string | undefined;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers of every shape
};

export type CallOptions = {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with `application/json` unless `headers` names a content type). */
  rawBody?: string | Buffer;
  /** `Authorization: Bearer <token>`. */
  token?: string;
  /** The whole Authorization header, for malformed ones. */
  authorization?: string;
  headers?: Record<string, string>;
};

export type Client = {
  url: string;
  from: string;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): void;
};

export function httpClient(baseUrl: string, from = '127.0.0.1'): Client {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  return {
    url: baseUrl,
    from,
    call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let payload: string | Buffer | undefined;
      if (options.rawBody !== undefined) payload = options.rawBody;
      else if (options.body !== undefined) payload = JSON.stringify(options.body);
      const named = (h: string) => Object.keys(headers).some((k) => k.toLowerCase() === h);
      if (payload !== undefined && !named('content-type'))
        headers['content-type'] = 'application/json';
      if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      if (options.authorization !== undefined) headers.authorization = options.authorization;
      return wireRequest({
        host: hostname,
        port,
        path,
        method,
        headers,
        payload,
        agent,
        localAddress: from,
      }).then((reply) => ({
        ...reply,
        header: (name: string) => {
          const value = reply.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
      }));
    },
    close: () => agent.destroy(),
  };
}

/** Loopback source addresses, one per purpose, so suites never share a rate-limit budget. */
export function loopback(n: number): string {
  if (n < 1 || n > 250) throw new Error('loopback address out of range');
  return `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 1}`;
}
