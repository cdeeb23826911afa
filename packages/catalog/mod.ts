/**
 * The service catalog: the one list of Dayframe's services (name, `/api` prefixes, internal
 * endpoints, port, `*_URL` variable, database, Redis, whom it calls), the other processes of
 * the distributed topology, and what each does on Redis (`REDIS_ACCESS`: its Redis user's ACL).
 * The gateway routes by it, the embedded app mounts by it, the launcher starts by it, and
 * `deploy/catalog.test.ts` and `deploy/redis-acl.test.ts` hold compose and Kubernetes to it.
 *
 * @example
 * import { SERVICES, serviceForPath } from '@dayframe/catalog';
 * serviceForPath('/api/goals/due'); // 'goals'
 * for (const row of SERVICES) console.log(row.name, row.port, row.urlVar);
 */
export {
  SERVICES,
  SERVICE_NAMES,
  service,
  serviceForPath,
  callsOf,
  internalCallers,
  internalCallersOf,
  type ServiceRow,
  type ServiceName,
  type ServiceUrlVar,
  type ServiceOf,
} from './services.ts';
export { MAILER, GATEWAY, PROCESSES, type ProcessRow, type ProcessName } from './processes.ts';
export { REDIS_ACCESS, REDIS_USERS, type RedisAccess, type RedisUserName } from './redis-access.ts';
