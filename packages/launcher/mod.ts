/**
 * Starts Dayframe's distributed topology as processes on loopback, from the service catalog:
 * each data-owning service's database and user, each process with only the settings its row
 * calls for (and, with `REDIS_ADMIN_URL`, a Redis user of its own), each process's output line
 * by line. `npm run start:distributed` and test-kit's `startDistributedSystem()` use it;
 * `startProcess` runs one entry point until it is healthy.
 *
 * @example
 * const running = await startDistributed(
 *   { DATABASE_ADMIN_URL: 'mysql://root@127.0.0.1:3306', REDIS_ADMIN_URL: 'redis://127.0.0.1:6379' },
 *   { onLine: (name, line) => console.log(`${name} | ${line}`) },
 * );
 * await running.stop();
 */
export { startDistributed, type Distributed } from './distributed.ts';
export {
  provisionServiceDatabases,
  DATA_OWNERS,
  type DataOwner,
  type ServiceDatabases,
} from './service-databases.ts';
export { provisionRedisUsers, type RedisUsers } from './redis-users.ts';
export { freePort, startProcess, REPO_ROOT, type RunningProcess } from './process.ts';
export { logLine } from './log-line.ts';
