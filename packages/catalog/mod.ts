/**
 * The service catalog: the one list of Dayframe's services (name, `/api` prefixes, internal
 * endpoints, port, `*_URL` variable, database, Redis, whom it calls) and the other processes of
 * the distributed topology. The gateway routes by it, the embedded app mounts by it, the
 * launcher starts by it, and `deploy/catalog.test.ts` holds compose and Kubernetes to it.
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
