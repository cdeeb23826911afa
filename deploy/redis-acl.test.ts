// The Redis users of compose and Kubernetes agree with the catalog (REDIS_ACCESS): the ACL file
// is the one the catalog draws, each process that uses Redis connects as its own user with its
// own password or Secret, and deploy/redis/users.sh turns the file into users a Redis 7 loads.
// A broken copy of each is caught, so the check itself is shown to work.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { REDIS_USERS } from '@dayframe/catalog';
import { freePort, REPO_ROOT, tempDataDir } from '@dayframe/test-kit';
import type { ComposeFile } from './catalog-drift.ts';
import { KUBERNETES_DIR, renderKustomization, type K8sObject } from './kubernetes/render.ts';
import {
  composeRedisDrift,
  DEPLOYED_PREFIX,
  kubernetesRedisDrift,
  passwordVar,
  usersAcl,
} from './redis-acl.ts';

const ACL_FILE = join(REPO_ROOT, 'deploy/redis/users.acl');
const composeFile = () =>
  yaml.load(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile & {
    'x-node-env': Record<string, string>;
  };
const kubernetesBase = () => renderKustomization(join(KUBERNETES_DIR, 'base'));
const readme = () => readFileSync(join(KUBERNETES_DIR, 'README.md'), 'utf8');

describe('deploy/redis/users.acl', () => {
  it('is what the catalog draws, for the key prefix compose and Kubernetes give the processes', () => {
    expect(readFileSync(ACL_FILE, 'utf8')).toBe(usersAcl());
    expect(composeFile()['x-node-env'].QUEUE_PREFIX).toBe(DEPLOYED_PREFIX);
    const config = kubernetesBase().find((o) => o.metadata.name.startsWith('dayframe-config'));
    expect((config!.data as Record<string, string>).QUEUE_PREFIX).toBe(DEPLOYED_PREFIX);
  });

  it('becomes, through users.sh, users a Redis 7 loads: each process its own, the admin apart', async () => {
    const dir = tempDataDir();
    const passwords = Object.fromEntries([
      ['REDIS_PASSWORD', 'admin-pw'],
      ...REDIS_USERS.map((name) => [passwordVar(name), `${name}-pw`]),
    ]);
    const run = (env: Record<string, string>) =>
      execFileSync('sh', [join(REPO_ROOT, 'deploy/redis/users.sh'), 'aclfile'], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    // A missing password stops it, naming the variable, rather than making a user without one.
    expect(() => run({ ...passwords, REDIS_GOALS_PASSWORD: '' })).toThrow(/REDIS_GOALS_PASSWORD/);
    writeFileSync(join(dir.dir, 'users.acl'), run(passwords));
    const port = await freePort();
    const server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--aclfile',
        join(dir.dir, 'users.acl'),
      ],
      { stdio: 'ignore' },
    );
    const as = (user: string, password: string) => {
      const conn = new Redis({
        port,
        host: '127.0.0.1',
        username: user,
        password,
        lazyConnect: true,
        retryStrategy: () => null,
      });
      conn.on('error', () => undefined); // refused while it starts: expected
      return conn;
    };
    try {
      await expect
        .poll(async () => {
          const admin = as('default', 'admin-pw');
          try {
            await admin.connect();
            return await admin.call('ACL', 'USERS');
          } catch {
            return [];
          } finally {
            admin.disconnect();
          }
        })
        .toEqual(['default', ...REDIS_USERS].sort());
      for (const name of REDIS_USERS) {
        const conn = as(name, `${name}-pw`);
        await conn.connect();
        expect(await conn.ping()).toBe('PONG');
        await expect(conn.call('ACL', 'LIST')).rejects.toThrow(/NOPERM/);
        conn.disconnect();
      }
      const conn = as('goals', 'goals-pw');
      await conn.connect();
      await expect(conn.call('AUTH', 'journals', 'goals-pw')).rejects.toThrow(/WRONGPASS/);
      conn.disconnect();
    } finally {
      server.kill('SIGKILL');
      dir.remove();
    }
  });
});

describe('docker-compose.yml and the Redis users', () => {
  it('agree', () => {
    expect(composeRedisDrift(composeFile())).toEqual([]);
  });

  it('disagree when a process shares a user or password, or Redis does not load the users', () => {
    const wrong = composeFile();
    const env = (name: string) => wrong.services[name]!.environment!;
    env('journals').REDIS_URL = 'redis://identity:${REDIS_IDENTITY_PASSWORD}@redis:6379';
    env('mailer').REDIS_URL = 'redis://:${REDIS_PASSWORD}@redis:6379';
    delete (wrong.services.redis as { environment: Record<string, string> }).environment
      .REDIS_GOALS_PASSWORD;
    (wrong.services.redis as { command: string[] }).command = ['redis-server'];
    expect(composeRedisDrift(wrong)).toEqual([
      'compose redis: not started with the users of deploy/redis/users.acl',
      'compose journals: REDIS_URL is not redis://journals:${REDIS_JOURNALS_PASSWORD}@… (redis://identity:${REDIS_IDENTITY_PASSWORD}@redis:6379)',
      'compose redis: REDIS_GOALS_PASSWORD missing',
      'compose mailer: REDIS_URL is not redis://mailer:${REDIS_MAILER_PASSWORD}@… (redis://:${REDIS_PASSWORD}@redis:6379)',
    ]);
  });
});

describe('the Kubernetes base and the Redis users', () => {
  it('agree', () => {
    expect(kubernetesRedisDrift(kubernetesBase(), readme())).toEqual([]);
  });

  it('disagree when a process reads another Secret, or the README makes it with another user', () => {
    const wrong = kubernetesBase();
    const env = (name: string) =>
      (
        wrong.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as K8sObject & {
          spec: {
            template: {
              spec: {
                containers: {
                  env: { name: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
                }[];
              };
            };
          };
        }
      ).spec.template.spec.containers[0]!.env;
    env('goals').find((e) => e.name === 'REDIS_URL')!.valueFrom!.secretKeyRef!.name =
      'dayframe-journals-redis';
    const text = readme().replace(
      "dayframe-mailer-redis --from-literal=REDIS_URL='rediss://mailer:",
      "dayframe-mailer-redis --from-literal=REDIS_URL='rediss://:",
    );
    expect(kubernetesRedisDrift(wrong, text)).toEqual([
      'Kubernetes goals: REDIS_URL is not from Secret dayframe-goals-redis (dayframe-journals-redis/REDIS_URL)',
      'Kubernetes README: Secret dayframe-mailer-redis is not made with user mailer',
    ]);
  });
});
