import {
  request,
  type Agent,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import { serve, silentLogger } from '@dayframe/service-kit/http';
import { freePort } from '@dayframe/launcher';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type ApiClient = {
  baseUrl: string;
  call<T = any>(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      token?: string;
      headers?: Record<string, string>;
    },
  ): Promise<ApiResponse<T>>;
};

/** Real HTTP requests to a running server, JSON in and out. */
export function apiClient(baseUrl: string): ApiClient {
  return {
    baseUrl,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (
        body !== undefined &&
        !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
      )
        headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(new URL(path, baseUrl), { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed as never, headers: response.headers, text };
    },
  };
}

/** Serves a request listener on a free loopback port for the length of a test file. */
export async function listen(
  handler: RequestListener,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const running = await serve(handler, { port: 0, log: silentLogger(), handleSignals: false });
  return {
    url: `http://127.0.0.1:${running.port}`,
    port: running.port,
    close: () => running.stop(),
  };
}

/**
 * Listens with a plain node `Server` on a free loopback port, for files served to a browser: unlike
 * `listen` (a service's graceful drain), `close` cuts the browser's keep-alive connections at once.
 */
export async function listenOnFreePort(server: Server): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export type WireReply = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The text parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
};

/**
 * One HTTP request with node's client: `path` goes on the wire exactly as written (no URL
 * normalisation), from `localAddress` when given (any of 127.0.0.0/8 is loopback, so each
 * address is a client of its own to a per-address rate limit).
 */
export function wireRequest(options: {
  host: string;
  port: string | number;
  method: string;
  path: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  agent: Agent | false;
  localAddress?: string;
}): Promise<WireReply> {
  const { payload, ...sent } = options;
  return new Promise((resolve, reject) => {
    const req = request(sent, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
