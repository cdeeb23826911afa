import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDataDir } from '@dayframe/test-kit';

type Service = {
  image?: string;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  volumes?: unknown[];
  profiles?: string[];
  ports?: unknown[];
};

const compose = (args: string[], envFile = '.env.example') =>
  spawnSync('docker-compose', ['--env-file', envFile, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });

describe('docker-compose.yml', () => {
  it('passes docker-compose config -q with .env.example', () => {
    const result = compose(['config', '-q']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without a required secret, naming it', () => {
    const dir = tempDataDir();
    try {
      const env = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').replace(
        /^JWT_SECRET=.*$/m,
        '',
      );
      const file = join(dir.dir, '.env');
      writeFileSync(file, env);
      const result = compose(['config', '-q'], file);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('JWT_SECRET');
    } finally {
      dir.remove();
    }
  });

  const config = () =>
    yaml.load(
      execFileSync('docker-compose', ['--env-file', '.env.example', 'config'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      }),
    ) as { services: Record<string, Service>; volumes: Record<string, unknown> };

  it('runs every part in its own container with its own image and version, health-checked, started in order', () => {
    const { services } = config();
    const parts = [
      'identity',
      'journals',
      'goals',
      'calendar',
      'mailer',
      'gateway',
      'shell',
      'mfe-journals',
      'mfe-goals',
      'mfe-calendar',
      'mfe-account',
    ];
    for (const name of parts) {
      expect(services[name]?.image, name).toBe(`dayframe/${name}:latest`);
    }
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck, name).toBeDefined();
    }
    for (const name of ['identity', 'journals', 'goals', 'calendar', 'gateway']) {
      for (const [dependency, { condition }] of Object.entries(services[name]!.depends_on ?? {})) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
      }
    }
    expect(Object.keys(services.gateway!.depends_on ?? {}).sort()).toEqual([
      'calendar',
      'goals',
      'identity',
      'journals',
    ]);
    // Only the shell and the remotes face the browser; the gateway and services stay inside.
    for (const name of [
      'identity',
      'journals',
      'goals',
      'calendar',
      'mailer',
      'gateway',
      'mysql',
      'redis',
    ]) {
      expect(services[name]!.ports, name).toBeUndefined();
    }
  });

  it('keeps MySQL on a volume and Redis durable with no eviction; the mail catcher only in the local profile', () => {
    const { services, volumes } = config();
    expect(services.mysql!.image).toMatch(/^mysql:8/);
    expect(Object.keys(volumes)).toEqual(expect.arrayContaining(['mysql-data', 'redis-data']));
    expect(services.redis!.command).toEqual([
      'redis-server',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
    ]);
    expect(services.mailpit!.profiles).toEqual(['local']);
  });

  it('documents every variable it reads in .env.example', () => {
    const used = new Set(
      [
        ...readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z_]+)/g),
      ].map((m) => m[1]!),
    );
    const documented = new Set(
      [...readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map(
        (m) => m[1]!,
      ),
    );
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('builds small images: multi-stage, production dependencies only, a non-root user', () => {
    const node = readFileSync(join(REPO_ROOT, 'deploy/node.Dockerfile'), 'utf8');
    expect(node.match(/^FROM /gm)).toHaveLength(2);
    expect(node).toContain('npm ci --omit=dev');
    expect(node).toMatch(/^USER node$/m);
    const web = readFileSync(join(REPO_ROOT, 'deploy/web.Dockerfile'), 'utf8');
    expect(web.match(/^FROM /gm)).toHaveLength(2);
    expect(web).toContain('npm run build -w ${APP}');
    expect(web).toContain('nginx-unprivileged');
  });
});
