// The Redis users of a deployment (docs/decisions/0042): deploy/redis/users.acl holds each
// process's ACL rules as the catalog draws them (`REDIS_ACCESS`, `redisAclRules`) for the key
// prefix compose and Kubernetes give the processes, and redis-acl.test.ts holds that file,
// docker-compose.yml and the Kubernetes base to it. After changing what a process does on
// Redis: `node --import tsx deploy/redis-acl.ts > deploy/redis/users.acl`.
import { fileURLToPath } from 'node:url';
import { REDIS_ACCESS, REDIS_USERS, type RedisUserName } from '@dayframe/catalog';
import { redisAclRules } from '@dayframe/service-kit/redis';
import type { ComposeFile } from './catalog-drift.ts';
import { containers, podTemplate, type K8sObject } from './kubernetes/render.ts';

/** The key prefix of compose's x-node-env and Kubernetes' dayframe-config. */
export const DEPLOYED_PREFIX = 'dayframe';

/** The variable holding a process's Redis password in compose's `.env` (`REDIS_JOURNALS_PASSWORD`). */
export const passwordVar = (name: RedisUserName) => `REDIS_${name.toUpperCase()}_PASSWORD`;
/** The Kubernetes Secret holding a process's `REDIS_URL`. */
export const redisSecret = (name: RedisUserName) => `dayframe-${name}-redis`;

/**
 * deploy/redis/users.acl: one `user <process> <rules>` line per process that uses Redis, without
 * its password, which deploy/redis/users.sh adds from the environment.
 */
export function usersAcl(prefix = DEPLOYED_PREFIX): string {
  return [
    '# Generated from packages/catalog (REDIS_ACCESS) by deploy/redis-acl.ts: do not edit by hand.',
    '# One line per process that uses Redis; deploy/redis/users.sh adds each password.',
    ...REDIS_USERS.map(
      (name) => `user ${name} ${redisAclRules(REDIS_ACCESS[name], prefix).join(' ')}`,
    ),
    '',
  ].join('\n');
}

type ComposeRedis = {
  environment?: Record<string, unknown>;
  volumes?: unknown[];
  command?: unknown;
};

/** Where compose disagrees with the Redis users: each process its own user and password. */
export function composeRedisDrift(file: ComposeFile): string[] {
  const problems: string[] = [];
  const redis = file.services.redis as ComposeRedis | undefined;
  if (!redis) return ['compose has no service redis'];
  const command = JSON.stringify(redis.command ?? '');
  if (!command.includes('users.sh') || !command.includes('--aclfile'))
    problems.push('compose redis: not started with the users of deploy/redis/users.acl');
  if (!(redis.volumes ?? []).some((v) => String(v).startsWith('./deploy/redis:')))
    problems.push('compose redis: deploy/redis is not mounted');
  for (const name of REDIS_USERS) {
    const variable = passwordVar(name);
    if (!String(redis.environment?.[variable] ?? '').includes(`\${${variable}`))
      problems.push(`compose redis: ${variable} missing`);
    const url = String(file.services[name]?.environment?.REDIS_URL ?? '');
    const match = /^rediss?:\/\/([^:@/]*):\$\{([A-Z_]+)[^}]*\}@/.exec(url);
    if (match?.[1] !== name || match[2] !== variable)
      problems.push(
        `compose ${name}: REDIS_URL is not redis://${name}:\${${variable}}@… (${url || 'none'})`,
      );
  }
  return problems;
}

type EnvVar = { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };

/**
 * Where the Kubernetes base disagrees: each process's `REDIS_URL` from a Secret of its own,
 * which the operator's README creates with that process's user.
 */
export function kubernetesRedisDrift(objects: K8sObject[], readme: string): string[] {
  const problems: string[] = [];
  for (const name of REDIS_USERS) {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
    const container = deployment
      ? (containers(podTemplate(deployment)!.spec) as { name: string; env?: EnvVar[] }[]).find(
          (c) => c.name === name,
        )
      : undefined;
    const ref = container?.env?.find((e) => e.name === 'REDIS_URL')?.valueFrom?.secretKeyRef;
    if (ref?.name !== redisSecret(name) || ref.key !== 'REDIS_URL')
      problems.push(
        `Kubernetes ${name}: REDIS_URL is not from Secret ${redisSecret(name)} (${ref ? `${ref.name}/${ref.key}` : 'none'})`,
      );
    const created = new RegExp(
      `create secret generic ${redisSecret(name)} --from-literal=REDIS_URL='rediss?://${name}:`,
    );
    if (!created.test(readme))
      problems.push(`Kubernetes README: Secret ${redisSecret(name)} is not made with user ${name}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(usersAcl());
