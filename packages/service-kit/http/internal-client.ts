import { setTimeout as pause } from 'node:timers/promises';
import { Pool } from 'undici';
import type { z } from 'zod';
import { errorBody } from '@dayframe/contracts';
import { HttpError, serviceUnavailable } from './errors.ts';
import { SERVICE_TOKEN_HEADER, type ServiceCaller } from '../tokens/service-tokens.ts';

/** How long a readiness probe waits, whatever the deadline of the client's calls. */
const READY_DEADLINE_MS = 2_000;
/** The pause before a GET is tried again on a fresh connection. */
const RETRY_PAUSE_MS = 25;

/** One service-to-service call. */
export type InternalCall = {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** The caller's token, passed on so the other service reads and writes that user's rows only. */
  token?: string;
  requestId?: string;
  /** Sent as JSON. */
  body?: unknown;
};

export type InternalClientOptions = {
  /** The service called, as named in the catalog, logs and errors ("journals"). */
  name: string;
  /** Who calls: every call carries its service token for `name` (`X-Service-Token`). */
  caller: ServiceCaller;
  /** The most a call may take, retries and reading the answer included. */
  deadlineMs: number;
  /** Keep-alive connections held open to the service. */
  connections?: number;
  /**
   * How many more times a GET or a DELETE that got no answer (a refused or reset connection, not
   * the deadline) is tried. Not a POST: it may have been applied before its answer was lost.
   */
  retries?: number;
  /** What the 503 says when the service cannot answer. */
  unavailable?: { message: string; code: string };
};

/**
 * A service that could not give a usable answer: unreachable, past the deadline, failed (5xx,
 * 408, 429) or answering something malformed. It is the 503 a service answers in its place;
 * `cause` holds what happened, for the log.
 */
export class ServiceUnreachable extends HttpError {
  constructor(
    readonly service: string,
    unavailable: { message: string; code: string },
    cause: Error,
  ) {
    super(503, unavailable.message, unavailable.code);
    this.name = 'ServiceUnreachable';
    this.cause = cause;
  }
}

export type InternalClient = {
  /**
   * The service's 200 answer, checked with `schema`. Its own refusal (a 4xx with the error body,
   * other than 408 and 429) is thrown as the same HttpError; anything else as ServiceUnreachable.
   */
  call<T extends z.ZodType>(request: InternalCall, schema: T): Promise<z.output<T>>;
  /** Resolves when the service's `/readyz` answers 200; else rejects with ServiceUnreachable. */
  ready(): Promise<void>;
  close(): Promise<void>;
};

const { message, code } = serviceUnavailable();
const DEFAULT_UNAVAILABLE = { message, code };

/**
 * The one way a service calls another: a keep-alive pool to `baseUrl`'s origin, every call
 * carrying the caller's service token (and the user's, when given), bounded by one deadline,
 * GETs tried again after a lost connection, and one error shape.
 */
export function internalClient(baseUrl: string, options: InternalClientOptions): InternalClient {
  const { name, deadlineMs, retries = 1 } = options;
  const unavailable = options.unavailable ?? DEFAULT_UNAVAILABLE;
  const pool = new Pool(new URL(baseUrl).origin, {
    connections: options.connections ?? 8,
    keepAliveTimeout: 30_000,
    connect: { timeout: Math.min(1_000, deadlineMs) },
    headersTimeout: deadlineMs,
    bodyTimeout: deadlineMs,
  });
  const unreachable = (what: string, cause?: unknown) =>
    new ServiceUnreachable(name, unavailable, new Error(`${name}: ${what}`, { cause }));

  async function once(request: InternalCall, signal: AbortSignal) {
    const headers: Record<string, string> = {
      [SERVICE_TOKEN_HEADER]: options.caller.tokenFor(name),
    };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.requestId) headers['x-request-id'] = request.requestId;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await pool.request({
      path: request.path,
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    const text = await response.body.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // a body that is not JSON is told apart by the schema, below
    }
    return { status: response.statusCode, body };
  }

  async function answer(request: InternalCall, deadline: number) {
    const signal = AbortSignal.timeout(deadline);
    const tries = (request.method ?? 'GET') === 'POST' ? 1 : 1 + retries;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await once(request, signal);
      } catch (error) {
        if (signal.aborted) throw unreachable(`no answer to ${request.path} within ${deadline} ms`);
        if (attempt >= tries) throw unreachable(`${request.path} could not be reached`, error);
      }
      await pause(RETRY_PAUSE_MS, undefined, { signal }).catch(() => {
        throw unreachable(`no answer to ${request.path} within ${deadline} ms`);
      });
    }
  }

  return {
    async call(request, schema) {
      const { status, body } = await answer(request, deadlineMs);
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        const refused = errorBody.safeParse(body);
        if (refused.success) throw new HttpError(status, refused.data.message, refused.data.code);
      }
      const parsed = status === 200 ? schema.safeParse(body) : null;
      if (!parsed?.success) throw unreachable(`${request.path} answered ${status}`);
      return parsed.data;
    },
    async ready() {
      const { status } = await answer({ path: '/readyz' }, Math.min(READY_DEADLINE_MS, deadlineMs));
      if (status !== 200) throw unreachable(`not ready (${status})`);
    },
    close: () => pool.close(),
  };
}
