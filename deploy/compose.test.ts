import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isIP, BlockList } from 'node:net';
import { join } from 'node:path';
import yaml from 'js-yaml';
import mysql from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, SERVICES } from '@dayframe/catalog';
import { REPO_ROOT, SHARED_MARIADB, tempDataDir } from '@dayframe/test-kit';
import { gatewayConfig } from '../gateway/config.ts';

type Service = {
  image?: string;
  environment?: Record<string, string | number>;
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

/** The parts of the app that never face the browser: the services, the mailer and the gateway. */
const INSIDE = [...SERVICE_NAMES, 'mailer', 'gateway'];

describe('docker-compose.yml', () => {
  it('passes docker-compose config -q with .env.example', () => {
    const result = compose(['config', '-q']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses to start without a required secret, naming it', () => {
    const dir = tempDataDir();
    try {
      for (const name of [
        'JWT_PRIVATE_KEY',
        'IDENTITY_DB_PASSWORD',
        'REDIS_PASSWORD',
        'REDIS_JOURNALS_PASSWORD',
        'VAPID_PRIVATE_KEY',
      ]) {
        const env = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').replace(
          new RegExp(`^${name}=.*$`, 'm'),
          '',
        );
        const file = join(dir.dir, '.env');
        writeFileSync(file, env);
        const result = compose(['config', '-q'], file);
        expect(result.status, name).not.toBe(0);
        expect(result.stderr).toContain(name);
      }
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
    const parts = [...INSIDE, 'shell', 'mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account'];
    for (const name of parts) {
      expect(services[name]?.image, name).toBe(`dayframe/${name}:latest`);
    }
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck, name).toBeDefined();
    }
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      for (const [dependency, { condition }] of Object.entries(services[name]!.depends_on ?? {})) {
        expect(condition, `${name} → ${dependency}`).toBe('service_healthy');
      }
    }
    expect(Object.keys(services.gateway!.depends_on ?? {}).sort()).toEqual(
      [...SERVICE_NAMES].sort(),
    );
    // Only the shell and the remotes face the browser; the gateway and services stay inside.
    for (const name of [...INSIDE, 'mysql', 'redis']) {
      expect(services[name]!.ports, name).toBeUndefined();
    }
  });

  it('keeps MySQL on a volume and Redis durable with no eviction; the mail catcher only in the local profile', () => {
    const { services, volumes } = config();
    expect(services.mysql!.image).toMatch(/^mysql:8/);
    expect(Object.keys(volumes)).toEqual(expect.arrayContaining(['mysql-data', 'redis-data']));
    expect(services.redis!.command!.join(' ')).toMatch(
      /exec redis-server --aclfile \/tmp\/users\.acl --appendonly yes --appendfsync everysec --maxmemory-policy noeviction$/,
    );
    expect(services.mailpit!.profiles).toEqual(['local']);
  });

  it('documents every variable it reads in .env.example', () => {
    const used = new Set(
      [
        ...readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8').matchAll(
          /\$\{([A-Z0-9_]+)/g,
        ),
      ].map((m) => m[1]!),
    );
    const documented = new Set(
      [...readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z0-9_]+)=/gm)].map(
        (m) => m[1]!,
      ),
    );
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('builds small images: multi-stage, production dependencies only, a non-root user', () => {
    const node = readFileSync(join(REPO_ROOT, 'deploy/node.Dockerfile'), 'utf8');
    expect(node.match(/^FROM /gm)).toHaveLength(2);
    expect(node).toContain('deploy/assemble-app.ts'); // production node_modules only (images.test.ts)
    expect(node).toMatch(/^USER node$/m);
    const web = readFileSync(join(REPO_ROOT, 'deploy/web.Dockerfile'), 'utf8');
    expect(web.match(/^FROM /gm)).toHaveLength(2);
    expect(web).toContain('npm run build -w ${APP}');
    expect(web).toMatch(/^USER web$/m);
  });

  it('gives each data-owning service its own database and MySQL user, and the others none', () => {
    const { services } = config();
    const env = (name: string) => services[name]!.environment ?? {};
    const owners = SERVICES.filter((s) => s.ownsDatabase).map((s) => s.name);
    const urls = owners.map((name) => new URL(String(env(name).DATABASE_URL)));
    for (const [i, url] of urls.entries()) {
      expect(url.username, owners[i]).toBe(owners[i]);
      expect(url.pathname, owners[i]).toBe(`/${owners[i]}`);
    }
    expect(new Set(urls.map((u) => u.username)).size).toBe(5);
    expect(new Set(urls.map((u) => u.password)).size).toBe(5);
    for (const name of ['calendar', 'archive', 'gateway', 'mailer', 'shell']) {
      expect(env(name).DATABASE_URL, name).toBeUndefined();
    }
    // MySQL makes the five databases and users from their passwords on its first start.
    const mysql = services.mysql!;
    expect(Object.keys(mysql.environment!).sort()).toEqual([
      'GOALS_DB_PASSWORD',
      'IDENTITY_DB_PASSWORD',
      'JOURNALS_DB_PASSWORD',
      'MEDIA_DB_PASSWORD',
      'MYSQL_ROOT_PASSWORD',
      'REMINDERS_DB_PASSWORD',
    ]);
    for (const [i, owner] of owners.entries()) {
      expect(mysql.environment![`${owner.toUpperCase()}_DB_PASSWORD`]).toBe(
        decodeURIComponent(urls[i]!.password),
      );
    }
    expect(mysql.volumes).toContainEqual(
      expect.stringMatching(/deploy\/mysql:\/docker-entrypoint-initdb\.d:ro$/),
    );
  });

  it('hands each container only the secrets it uses', () => {
    const { services } = config();
    const secretsOf = (name: string) =>
      Object.keys(services[name]!.environment ?? {})
        .filter((v) => /DATABASE_URL|REDIS|JWT|SECRET|PASSWORD|PRIVATE_KEY|SMTP_URL/.test(v))
        .sort();
    expect(secretsOf('identity')).toEqual([
      'DATABASE_URL',
      'JWT_PRIVATE_KEY',
      'REDIS_URL',
      'SERVICE_TOKEN_SECRET',
    ]);
    expect(secretsOf('journals')).toEqual([
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'REDIS_URL',
      'SERVICE_TOKEN_SECRET',
    ]);
    expect(secretsOf('goals')).toEqual([
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'REDIS_URL',
      'SERVICE_TOKEN_SECRET',
    ]);
    // Media's own link key, and S3 credentials when its files are in a bucket.
    expect(secretsOf('media')).toEqual([
      'AWS_SECRET_ACCESS_KEY',
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'MEDIA_URL_SECRET',
      'REDIS_URL',
      'SERVICE_TOKEN_SECRET',
    ]);
    // Its own unsubscribe-link key and Web Push signing key besides (decision 0051).
    expect(secretsOf('reminders')).toEqual([
      'DATABASE_URL',
      'JWT_PUBLIC_KEY',
      'REDIS_URL',
      'REMINDERS_UNSUBSCRIBE_SECRET',
      'SERVICE_TOKEN_SECRET',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(secretsOf('calendar')).toEqual(['JWT_PUBLIC_KEY', 'SERVICE_TOKEN_SECRET']);
    expect(secretsOf('archive')).toEqual(['JWT_PUBLIC_KEY', 'SERVICE_TOKEN_SECRET']);
    expect(secretsOf('mailer')).toEqual(['REDIS_URL', 'SMTP_URL']);
    expect(secretsOf('gateway')).toEqual([]);
    for (const name of ['shell', 'mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account']) {
      expect(secretsOf(name), name).toEqual([]);
    }
    // Redis asks every client for a user and password: each its own, none the admin's.
    const redisEnv = services.redis!.environment!;
    const passwords = new Set([String(redisEnv.REDIS_PASSWORD)]);
    for (const name of [...SERVICES.filter((s) => s.usesRedis).map((s) => s.name), 'mailer']) {
      const url = new URL(String(services[name]!.environment!.REDIS_URL));
      expect(url.username, name).toBe(name);
      expect(url.password, name).toBe(String(redisEnv[`REDIS_${name.toUpperCase()}_PASSWORD`]));
      passwords.add(url.password);
    }
    expect(passwords.size).toBe(7);
    expect(JSON.stringify(services.redis!.healthcheck!.test)).toContain('REDISCLI_AUTH');
  });

  it("publishes the shell on the host's loopback unless PUBLIC_BIND says otherwise", () => {
    const { services } = config();
    expect(services.shell!.ports).toEqual(['127.0.0.1:8000:8080/tcp']);
    const dir = tempDataDir();
    try {
      const file = join(dir.dir, '.env');
      writeFileSync(
        file,
        readFileSync(join(REPO_ROOT, '.env.example'), 'utf8')
          .replace(/^PUBLIC_BIND=.*$/m, 'PUBLIC_BIND=0.0.0.0')
          .replace(/^PUBLIC_PORT=.*$/m, 'PUBLIC_PORT=443'),
      );
      const exposed = yaml.load(
        execFileSync('docker-compose', ['--env-file', file, 'config'], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        }),
      ) as { services: Record<string, Service> };
      expect(exposed.services.shell!.ports).toEqual(['0.0.0.0:443:8080/tcp']);
    } finally {
      dir.remove();
    }
  });

  it("trusts forwarded addresses from exactly one peer at each hop, never the network's gateway", () => {
    const full = config() as ReturnType<typeof config> & {
      networks: { default: { ipam: { config: { subnet: string; ip_range: string }[] } } };
    };
    const { services } = full;
    const { subnet, ip_range: dynamic } = full.networks.default.ipam.config[0]!;
    const within = (range: string) => {
      const [address, prefix] = range.split('/');
      const list = new BlockList();
      list.addSubnet(address!, Number(prefix));
      return (ip: string) => list.check(ip);
    };
    const inSubnet = within(subnet);
    const handedOut = within(dynamic);
    // Docker's bridge takes the subnet's first address: what it relays comes from there.
    const bridge = subnet.replace(/\.0\/\d+$/, '.1');
    const shellAddress = (
      services.shell as Service & {
        networks: { default: { ipv4_address: string } };
      }
    ).networks.default.ipv4_address;

    // The gateway believes the shell's nginx alone, at the address the shell is given.
    const gatewayEnv = services.gateway!.environment!;
    expect(gatewayEnv.TRUST_PROXY).toBe(shellAddress);
    // The shell's nginx believes the one address kept for a TLS proxy container.
    const tlsProxy = String(services.shell!.environment!.TRUSTED_PROXY);
    expect(tlsProxy).not.toContain('/');
    for (const [name, ip] of [
      ['shell', shellAddress],
      ['TLS proxy', tlsProxy],
    ] as const) {
      expect(isIP(ip), name).toBe(4);
      expect(inSubnet(ip), name).toBe(true);
      expect(handedOut(ip), `${name}: never handed to another container`).toBe(false);
      expect(ip, name).not.toBe(bridge);
    }
    expect(inSubnet(bridge)).toBe(true);
    expect(tlsProxy).not.toBe(shellAddress);

    // And the gateway starts with what compose gives it (production: https remotes only).
    const env = Object.fromEntries(Object.entries(gatewayEnv).map(([k, v]) => [k, String(v)]));
    expect(gatewayConfig(env).TRUST_PROXY).toEqual([shellAddress]);
  });

  it('serves source maps from the shell and the remotes only when SERVE_SOURCE_MAPS asks', () => {
    const { services } = config();
    for (const name of ['shell', 'mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account'])
      expect(services[name]!.environment!.SERVE_SOURCE_MAPS, name).toBe('false');
  });
});

// deploy/mysql/init-databases.sh, run as MySQL's entrypoint would, against the shared MariaDB
// under a prefix of its own: four databases, four users, each shut out of the others.
describe('deploy/mysql/init-databases.sh', () => {
  const prefix = `dfi_${randomBytes(3).toString('hex')}_`;
  const server = new URL(SHARED_MARIADB);
  const passwords = {
    identity: `it's a \\ quote-${randomBytes(4).toString('hex')}`,
    journals: randomBytes(16).toString('hex'),
    goals: randomBytes(16).toString('hex'),
    media: randomBytes(16).toString('hex'),
    reminders: randomBytes(16).toString('hex'),
  };
  afterAll(async () => {
    const conn = await mysql.createConnection({ uri: SHARED_MARIADB });
    try {
      for (const owner of Object.keys(passwords)) {
        await conn.query(`DROP DATABASE IF EXISTS \`${prefix}${owner}\``);
        await conn.query(`DROP USER IF EXISTS ?@'%'`, [`${prefix}${owner}`]);
      }
    } finally {
      await conn.end();
    }
  });

  it('creates a database and user per service, each with rights on its own database alone', async () => {
    const result = spawnSync('sh', ['deploy/mysql/init-databases.sh'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        MYSQL_CLIENT: `mariadb -h${server.hostname} -P${server.port || 3306} -u${server.username || 'root'}`,
        DAYFRAME_DB_PREFIX: prefix,
        IDENTITY_DB_PASSWORD: passwords.identity,
        JOURNALS_DB_PASSWORD: passwords.journals,
        GOALS_DB_PASSWORD: passwords.goals,
        MEDIA_DB_PASSWORD: passwords.media,
        REMINDERS_DB_PASSWORD: passwords.reminders,
      },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const as = (owner: keyof typeof passwords) =>
      mysql.createConnection({
        host: server.hostname,
        port: Number(server.port || 3306),
        user: `${prefix}${owner}`,
        password: passwords[owner],
        database: `${prefix}${owner}`,
      });
    const identity = await as('identity');
    try {
      await identity.query('CREATE TABLE users (id INT PRIMARY KEY)');
      await identity.query('INSERT INTO users VALUES (1)');
    } finally {
      await identity.end();
    }
    const journals = await as('journals');
    try {
      await journals.query('CREATE TABLE journals (id INT PRIMARY KEY)');
      await expect(
        journals.query(`SELECT * FROM \`${prefix}identity\`.users`),
      ).rejects.toMatchObject({
        code: 'ER_TABLEACCESS_DENIED_ERROR',
      });
      await expect(journals.query(`USE \`${prefix}goals\``)).rejects.toMatchObject({
        code: 'ER_DBACCESS_DENIED_ERROR',
      });
    } finally {
      await journals.end();
    }
  });

  it('stops at a missing password, naming it', () => {
    const result = spawnSync('sh', ['deploy/mysql/init-databases.sh'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, MYSQL_CLIENT: 'false', IDENTITY_DB_PASSWORD: 'x' },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JOURNALS_DB_PASSWORD is not set');
  });
});
