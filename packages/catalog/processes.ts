import { SERVICES } from './services.ts';

/** A process of the distributed topology that is not a service behind the gateway. */
export type ProcessRow = {
  readonly name: string;
  readonly port: number;
  readonly entry: string;
  readonly usesRedis: boolean;
};

/** The mailer: the job worker that sends mail; it answers health checks only. */
export const MAILER = {
  name: 'mailer',
  port: 3009,
  entry: 'services/mailer/main.ts',
  usesRedis: true,
} as const satisfies ProcessRow;

/** The gateway: routes `/api` to every service by its `*_URL` and serves the front ends. */
export const GATEWAY = {
  name: 'gateway',
  port: 8080,
  entry: 'gateway/main.ts',
  usesRedis: false,
} as const satisfies ProcessRow;

/** Every process of the distributed topology, in the order they start. */
export const PROCESSES = [...SERVICES, MAILER, GATEWAY] as const;
export type ProcessName = (typeof PROCESSES)[number]['name'];
