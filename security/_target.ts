// A running Dayframe to attack, in either topology, with what an attacker test needs around
// it: clients from chosen loopback addresses, the verification codes it mails, the token keys
// (to forge tokens as someone who stole them would) and, distributed, the processes' logs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeEmbedded, embeddedConfig } from '@dayframe/embedded';
import { manualClock, silentLogger, type Clock } from '@dayframe/service-kit/http';
import {
  codeFrom,
  listen,
  startDistributedSystem,
  tempDataDir,
  testTokenKeys,
  verifiedAccount as verifiedAccountOf,
  type DistributedSystem,
  type TokenKeys,
} from '@dayframe/test-kit';
import { httpClient, type Client } from './_client.ts';

export const TOPOLOGIES = ['embedded', 'distributed'] as const;
export type Topology = (typeof TOPOLOGIES)[number];

/** Identity's verification-code key (`CODE_HMAC_SECRET`). */
export const SECRET = 'security-suite-secret-that-is-long-enough-0123456789';
export const PASSWORD = 'correct horse battery';

export type Target = {
  topology: Topology;
  url: string;
  /** Identity's token key pair (PEM): the private half signs, every verifier has the public one. */
  keys: TokenKeys;
  /** A client connecting from `from` (a loopback address; see `loopback`). */
  client(from?: string): Client;
  /** The next code mailed to `email` that this target has not handed out yet. */
  nextCode(email: string): Promise<string>;
  /** Every mail sent to `email` so far (outbox embedded, SMTP sink distributed). */
  mails(email: string): Mail[];
  /** Embedded: the data directory (its SQLite file); distributed: identity's database URL. */
  dataDir?: string;
  databaseUrl?: string;
  /** Everything the processes wrote (distributed only; the embedded logger is silent). */
  output(): string;
  distributed?: DistributedSystem;
  redis?: { url: string; prefix: string };
  /** The identity clock, when the target was started with `manualClock` (embedded only). */
  clock?: ReturnType<typeof manualClock>;
  stop(): Promise<void>;
};

export type Mail = { to: string; subject: string; text: string; html: string };

/** Test settings that keep sign-up limits out of the way of suites that make many accounts. */
const ROOMY_SIGNUPS = { SIGNUPS_PER_ADDRESS_PER_HOUR: '10000', SIGNUPS_PER_MINUTE: '10000' };

const isCodeMail = (mail: Mail) => /verification code/i.test(mail.subject);

export type TargetOptions = {
  /** The production sign-up limits (10 an hour per address, 60 a minute overall). */
  realSignupLimits?: boolean;
  /** Extra identity settings (both topologies), e.g. HOUSEKEEPING_INTERVAL_MS. */
  identityEnv?: Record<string, string>;
  /** Extra gateway settings (CORS_ORIGINS, TRUST_PROXY, ...). */
  gatewayEnv?: Record<string, string>;
  /** Embedded only: an identity clock the test moves by hand. */
  manualClock?: boolean;
  /** Distributed only: the log level of every process (default `warn`). */
  logLevel?: string;
};

export function startTarget(topology: Topology, options: TargetOptions = {}): Promise<Target> {
  return topology === 'embedded' ? startEmbedded(options) : startDistributedTarget(options);
}

/** Takes codes in the order they were mailed, so a resend is never confused with the last one. */
function codeQueue(read: (email: string) => string[]) {
  const handedOut = new Map<string, number>();
  return async (email: string) => {
    const seen = handedOut.get(email) ?? 0;
    for (let i = 0; i < 300; i++) {
      const codes = read(email);
      if (codes.length > seen) {
        handedOut.set(email, seen + 1);
        return codes[seen]!;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no new code mailed to ${email}`);
  };
}

async function startEmbedded(options: TargetOptions): Promise<Target> {
  const dataDir = tempDataDir();
  const config = embeddedConfig({
    DATA_DIR: dataDir.dir,
    JWT_PRIVATE_KEY: testTokenKeys().privateKey,
    CODE_HMAC_SECRET: SECRET,
    BCRYPT_COST: '4',
    LOG_LEVEL: 'silent',
    ...(options.realSignupLimits ? {} : ROOMY_SIGNUPS),
    ...options.identityEnv,
    ...options.gatewayEnv,
  } as NodeJS.ProcessEnv);
  const clock = options.manualClock ? manualClock() : undefined;
  const gateway = composeEmbedded(config, silentLogger(), clock ? { clock: clock as Clock } : {});
  await gateway.start();
  const server = await listen(gateway.app.callback());
  const clients: Client[] = [];
  const outbox = join(dataDir.dir, 'outbox');
  const readOutbox = (): Mail[] => {
    let files: string[];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      return [];
    }
    return files.flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(join(outbox, f), 'utf8')) as Mail];
      } catch {
        return []; // still being written: read it next time
      }
    });
  };
  return {
    topology: 'embedded',
    url: server.url,
    keys: testTokenKeys(),
    clock,
    client(from) {
      const client = httpClient(server.url, from);
      clients.push(client);
      return client;
    },
    dataDir: dataDir.dir,
    nextCode: codeQueue((email) =>
      readOutbox()
        .filter((mail) => mail.to === email && isCodeMail(mail))
        .map((mail) => /\b(\d{6})\b/.exec(mail.text)![1]!),
    ),
    mails: (email) => readOutbox().filter((mail) => mail.to === email),
    output: () => '',
    async stop() {
      for (const client of clients) client.close();
      await server.close();
      await gateway.stop();
      dataDir.remove();
    },
  };
}

async function startDistributedTarget(options: TargetOptions): Promise<Target> {
  const system = await startDistributedSystem({
    env: {
      CODE_HMAC_SECRET: SECRET,
      ...(options.realSignupLimits
        ? { SIGNUPS_PER_ADDRESS_PER_HOUR: undefined, SIGNUPS_PER_MINUTE: undefined }
        : ROOMY_SIGNUPS),
      ...options.identityEnv,
      LOG_LEVEL: options.logLevel ?? 'warn',
      SHUTDOWN_GRACE_MS: '0',
    },
    gatewayEnv: options.gatewayEnv,
  });
  const { sink, redis } = system;
  const clients: Client[] = [];
  return {
    topology: 'distributed',
    url: system.gatewayUrl,
    keys: testTokenKeys(),
    distributed: system,
    redis: { url: redis.url, prefix: redis.prefix },
    client(from) {
      const client = httpClient(system.gatewayUrl, from);
      clients.push(client);
      return client;
    },
    databaseUrl: system.databases.urls.identity,
    nextCode: codeQueue((email) =>
      sink.messages.filter((m) => m.to.includes(email) && isCodeMail(m)).map((m) => codeFrom(m)),
    ),
    mails: (email) => sink.messages.filter((m) => m.to.includes(email)),
    output: () =>
      Object.entries(system.processes)
        .map(([name, p]) => `--- ${name}\n${p.output()}`)
        .join('\n'),
    async stop() {
      for (const client of clients) client.close();
      await system.stop();
    },
  };
}

export type Account = {
  id: string;
  name: string;
  email: string;
  password: string;
  role: 'user' | 'admin';
  /** The token code verification answered: it carries the `otp` claim. */
  codeToken: string;
  /** A token from a plain login: a session, without the `otp` claim. */
  token: string;
};

/** An account as a real user makes one: sign up, the mailed code, verify, log in. */
export async function verifiedAccount(
  target: Target,
  api: Client,
  name: string,
  email: string,
  password = PASSWORD,
): Promise<Account> {
  const verified = await verifiedAccountOf(api, { name, email, password }, target.nextCode);
  const login = await api.call('POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.text}`);
  return {
    id: verified.user._id,
    name,
    email,
    password,
    role: verified.user.role,
    codeToken: verified.token,
    token: login.body.token,
  };
}

/** Signed up, never verified. */
export async function unverifiedAccount(api: Client, name: string, email: string) {
  const signup = await api.call('POST', '/api/auth/signup', {
    body: { name, email, password: PASSWORD },
  });
  if (signup.status !== 201) throw new Error(`signup ${email}: ${signup.status} ${signup.text}`);
  return { id: signup.body.user._id as string, token: signup.body.token as string };
}
