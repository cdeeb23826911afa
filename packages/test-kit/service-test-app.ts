import type { RequestListener } from 'node:http';
import { silentLogger, type Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import {
  SERVICE_TOKEN_HEADER,
  serviceCaller,
  type ServiceKey,
  type SessionCheck,
  type TokenIssuer,
} from '@dayframe/service-kit/tokens';
import { apiClient, listen, type ApiClient } from './http.ts';
import { openTestDatabase, type DatabaseKind } from './test-databases.ts';
import { testSessions, type TestSessions } from './test-sessions.ts';
import { testServiceSecret } from './token-keys.ts';

/**
 * What every service's factory takes: its database, tokens, session check, service-token key
 * (the test process's, `testServiceSecret()`) and logger.
 */
export type ServiceTestParts = {
  db: Knex;
  tokens: TokenIssuer;
  checkSession: SessionCheck;
  serviceKey: ServiceKey;
  log: Logger;
};

/** The parts for a service on `db` whose sessions `sessions` signs and accepts. */
export function serviceTestParts(
  db: Knex,
  sessions: TestSessions = testSessions(),
): ServiceTestParts {
  return {
    db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    serviceKey: testServiceSecret().key,
    log: silentLogger(),
  };
}

/** A service as its module makes it: a Koa-like app and its migrations. */
type TestableService = { app: { callback(): RequestListener }; migrate(): Promise<void> };

export type ServiceTestApp<S> = {
  /** Where it listens, for a client of its own (another service's sources). */
  url: string;
  api: ApiClient;
  db: Knex;
  sessions: TestSessions;
  service: S;
  close(): Promise<void>;
};

/**
 * A service over real HTTP on a fresh database of `kind`, for one test file: `create` builds it
 * from the parts (add its own options there); migrated before it listens. `sessions` may be the
 * test file's own, when it makes its users before the service starts.
 */
export async function startServiceTestApp<S extends TestableService>(
  kind: DatabaseKind,
  create: (parts: ServiceTestParts) => S,
  sessions: TestSessions = testSessions(),
): Promise<ServiceTestApp<S>> {
  const database = await openTestDatabase(kind);
  const service = create(serviceTestParts(database.db, sessions));
  await service.migrate();
  const server = await listen(service.app.callback());
  return {
    url: server.url,
    api: apiClient(server.url),
    db: database.db,
    sessions,
    service,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * A client of the service at `url` that sends `caller`'s service token for `audience` with every
 * call, as `caller`'s internal client does: for tests of an `/internal/*` endpoint.
 */
export function serviceClient(
  url: string,
  caller: string,
  audience: string,
  key: ServiceKey = testServiceSecret().key,
): ApiClient {
  const api = apiClient(url);
  const as = serviceCaller(key, caller);
  return {
    baseUrl: url,
    call: (method, path, options = {}) =>
      api.call(method, path, {
        ...options,
        headers: { [SERVICE_TOKEN_HEADER]: as.tokenFor(audience), ...options.headers },
      }),
  };
}
