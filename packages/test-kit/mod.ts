/**
 * Test helpers that use the real thing: throw-away MariaDB databases on the shared server,
 * a Redis key prefix of the test's own, a real SMTP sink, a real Web Push service, and HTTP
 * over loopback.
 *
 * @example
 * const db = await createTestDatabase();
 * const sink = await startSmtpSink();
 * // ... start the service with DATABASE_URL=db.url, SMTP_URL=sink.url ...
 * await db.drop();
 */
export * from './mariadb.ts';
export * from './smtp-sink.ts';
export * from './http.ts';
export * from './paging.ts';
export * from './redis.ts';
export * from './files.ts';
export * from './test-databases.ts';
export * from './test-sessions.ts';
export * from './token-keys.ts';
export * from './hostile-input.ts';
export * from './tolerant-reader.ts';
export { freePort, startProcess, REPO_ROOT, type RunningProcess } from '@dayframe/launcher';
export * from './browser.ts';
export * from './throwaway-servers.ts';
export * from './resilience-summary.ts';
export * from './query-plans.ts';
export * from './service-test-app.ts';
export * from './distributed-system.ts';
export * from './verified-account.ts';
export * from './confirmation.ts';
export * from './media-files.ts';
export * from './push-endpoint.ts';
export * from './passkey-authenticator.ts';
