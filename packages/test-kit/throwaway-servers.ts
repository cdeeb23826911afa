import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { freePort } from '@dayframe/launcher';

/**
 * A database server of the test's own, on its own port and data folder, that the test may kill
 * and restart at will. The shared MariaDB and Redis are never stopped by a test.
 */
export type ThrowawayServer = {
  url: string;
  port: number;
  /** Starts (again) on the same port and data: what was committed is still there. */
  start(): Promise<void>;
  /** SIGKILL by default: a crash, not a shutdown. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Kills it and removes its data. */
  remove(): Promise<void>;
};

function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return (async () => {
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what} did not come up`);
  })();
}

function killed(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A server process of the test's own on `port` with its data in `dir`: `launch` spawns it,
 * `answers` says when it takes connections. Started before it is answered.
 */
async function throwawayServer(
  what: string,
  url: string,
  port: number,
  dir: string,
  launch: () => ChildProcess,
  answers: (url: string) => Promise<boolean>,
): Promise<ThrowawayServer> {
  let child: ChildProcess | null = null;
  const server: ThrowawayServer = {
    url,
    port,
    async start() {
      child = launch();
      await until(() => answers(url), what);
    },
    kill: (signal) => killed(child, signal),
    async remove() {
      await killed(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** MariaDB with `wait_timeout` in seconds (short, to test idle connections), root without password. */
export async function startThrowawayMariadb(
  options: { waitTimeout?: number } = {},
): Promise<ThrowawayServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dayframe-mariadb-'));
  chownSync(
    dir,
    Number(execFileSync('id', ['-u', 'mysql']).toString()),
    Number(execFileSync('id', ['-g', 'mysql']).toString()),
  );
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${dir}`,
      '--user=mysql',
      '--skip-test-db',
      '--auth-root-authentication-method=normal',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  return throwawayServer(
    'throw-away MariaDB',
    `mysql://root@127.0.0.1:${port}`,
    port,
    dir,
    () =>
      spawn(
        'mariadbd',
        [
          '--no-defaults',
          `--datadir=${dir}`,
          `--port=${port}`,
          `--socket=${join(dir, 'mariadb.sock')}`,
          '--user=mysql',
          '--bind-address=127.0.0.1',
          '--skip-name-resolve',
          `--wait-timeout=${options.waitTimeout ?? 28_800}`,
        ],
        { stdio: 'ignore' },
      ),
    async (url) => {
      const conn = await mysql.createConnection({ uri: url, connectTimeout: 500 });
      await conn.end();
      return true;
    },
  );
}

/** Redis as production runs it: the append-only file fsynced every second. */
export async function startThrowawayRedis(): Promise<ThrowawayServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dayframe-redis-'));
  // Users made with ACL SETUSER are saved there (ACL SAVE) and come back with a restart, as a
  // deployment's ACL file does; the default user stays the passwordless admin.
  writeFileSync(join(dir, 'users.acl'), '');
  const port = await freePort();
  return throwawayServer(
    'throw-away Redis',
    `redis://127.0.0.1:${port}`,
    port,
    dir,
    () =>
      spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--aclfile',
          join(dir, 'users.acl'),
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'everysec',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      ),
    async (url) => {
      const redis = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      redis.on('error', () => undefined); // refused while it starts: expected
      try {
        await redis.connect();
        return (await redis.ping()) === 'PONG';
      } finally {
        redis.disconnect();
      }
    },
  );
}
