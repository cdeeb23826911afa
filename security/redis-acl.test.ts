// Issue 24, finding 6: identity, journals, goals and the mailer shared one Redis password, so a
// compromised journals container could read the codes in queued mail jobs (and sign in as
// anyone), publish account.deleted (and wipe anyone's content), send mail as Dayframe and reset
// rate-limit counters. Now each process connects as a Redis user of its own, allowed only the
// keys and commands of what its catalog row says it does there (docs/decisions/0042).
// The real distributed topology, whose launcher made those users on the shared Redis for this
// run (and deletes them when it stops): the stolen credential is journals' own REDIS_URL, and
// every refused attempt is a real command on its connection, except the few that would take
// the shared Redis down if Redis let them through, which ask Redis through ACL DRYRUN.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED, MAIL_QUEUE } from '@dayframe/contracts';
import { REDIS_USERS, PROCESSES, type RedisUserName } from '@dayframe/catalog';
import { codeFrom, confirmed, finding, type DistributedSystem } from '@dayframe/test-kit';
import { attack } from './_summary.ts';
import { startTarget, verifiedAccount, type Target } from './_target.ts';

const FINDING = 'R3-6 one Redis password for every service';
const NOPERM = /NOPERM/;

describe('one Redis user per process', () => {
  let target: Target;
  let system: DistributedSystem;
  let prefix: string;
  /** The shared Redis's admin (the test's, never a process's). */
  let admin: Redis;
  /** What a compromised journals container holds: its own REDIS_URL. */
  let stolen: Redis;

  beforeAll(async () => {
    target = await startTarget('distributed');
    system = target.distributed!;
    prefix = target.redis!.prefix;
    admin = new Redis(target.redis!.url);
    stolen = new Redis(system.envs.journals.REDIS_URL!, { maxRetriesPerRequest: 1 });
  }, 120_000);
  afterAll(async () => {
    stolen?.disconnect();
    admin?.disconnect();
    await target?.stop();
  });

  const key = (...parts: string[]) => [prefix, ...parts].join(':');
  const stream = () => key('events', ACCOUNT_DELETED);
  const asStolen = (...args: (string | number)[]) =>
    stolen.call(String(args[0]), ...args.slice(1).map(String));
  /** Whether Redis would let `user` run `args`, without running it. */
  const wouldAllow = async (user: string, args: string[]) =>
    (await admin.call('ACL', 'DRYRUN', user, ...args)) === 'OK';
  const scan = async (pattern: string) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
    return found.sort();
  };

  it('connects each process that uses Redis as its own user, and the others not at all', () =>
    finding(FINDING, 'refused', async () => {
      const names = system.redisUsers!.names;
      for (const p of PROCESSES) {
        const url = system.envs[p.name].REDIS_URL;
        if (!p.usesRedis) expect(url, p.name).toBeUndefined();
        else expect(new URL(url!).username, p.name).toBe(names[p.name as RedisUserName]);
      }
      expect(new Set(REDIS_USERS.map((n) => system.envs[n].REDIS_URL)).size).toBe(6);
      // The running processes are connected to Redis as those users.
      await expect
        .poll(async () => {
          const users = new Set(
            String(await admin.client('LIST'))
              .split('\n')
              .map((line) => /\buser=(\S+)/.exec(line)?.[1])
              .filter((user) => user?.startsWith(names.identity.replace(/identity$/, ''))),
          );
          return [...users].sort();
        })
        .toEqual(Object.values(names).sort());
    }));

  it('grants each user only what its catalog row says it does, and none of them an admin command', () =>
    finding(FINDING, 'refused', async () => {
      const probes: { what: string; args: string[]; allowed: (n: RedisUserName) => boolean }[] = [
        {
          what: 'read a queued mail job',
          args: ['HGETALL', key(MAIL_QUEUE, '1')],
          // Reminders queues mail as identity does, with BullMQ's scripts on the same keys.
          allowed: (n) => n === 'identity' || n === 'mailer' || n === 'reminders',
        },
        {
          what: 'publish account.deleted',
          args: ['XADD', stream(), '*', 'event', '{}'],
          allowed: (n) => n === 'identity',
        },
        {
          what: 'read account.deleted in a group',
          args: ['XREADGROUP', 'GROUP', 'g', 'c', 'STREAMS', stream(), '>'],
          allowed: (n) => n === 'journals' || n === 'goals' || n === 'media' || n === 'reminders',
        },
        {
          what: 'destroy a consumer group',
          args: ['XGROUP', 'DESTROY', stream(), 'goals'],
          allowed: () => false,
        },
        {
          what: 'reset a rate-limit counter',
          args: ['DEL', key('rl', 'login:someone@example.com')],
          // Media counts its uploads a minute and reminders its tests among the same counters
          // (one pattern for all).
          allowed: (n) => n === 'identity' || n === 'media' || n === 'reminders',
        },
        {
          what: 'forget a sent mail',
          args: ['DEL', key('mail-sent', '1')],
          allowed: (n) => n === 'mailer',
        },
        { what: 'list every key', args: ['KEYS', '*'], allowed: () => false },
        { what: 'walk every key', args: ['SCAN', '0'], allowed: () => false },
        { what: 'empty Redis', args: ['FLUSHALL'], allowed: () => false },
        {
          what: 'change its config',
          args: ['CONFIG', 'SET', 'appendonly', 'no'],
          allowed: () => false,
        },
        { what: 'grant itself more', args: ['ACL', 'SETUSER', 'x', '+@all'], allowed: () => false },
        { what: 'watch every command', args: ['MONITOR'], allowed: () => false },
        { what: 'stop Redis', args: ['SHUTDOWN', 'NOSAVE'], allowed: () => false },
        {
          what: 'run a script',
          args: ['EVAL', 'return 1', '0'],
          // BullMQ's scripts: the queue users (media's image sizes, reminders' due jobs among them).
          allowed: (n) => n === 'identity' || n === 'mailer' || n === 'media' || n === 'reminders',
        },
        {
          what: 'a key outside its prefix',
          args: ['GET', 'other-app:secret'],
          allowed: () => false,
        },
      ];
      const wrong: string[] = [];
      for (const name of REDIS_USERS) {
        for (const probe of probes) {
          const user = system.redisUsers!.names[name];
          if ((await wouldAllow(user, probe.args)) !== probe.allowed(name))
            wrong.push(`${name} ${probe.allowed(name) ? 'may not' : 'may'} ${probe.what}`);
        }
      }
      expect(wrong).toEqual([]);
    }));

  it("refuses journals' credential the codes in queued mail jobs", () =>
    finding(FINDING, 'refused', async () => {
      // With the mailer stopped, the job waits in Redis, code and all, until it returns.
      const email = `queued-${randomUUID()}@example.com`;
      const api = target.client();
      expect(await system.processes.mailer.stop()).toBe(0);
      let jobKey: string;
      let queuedCode: string;
      try {
        expect(
          (
            await api.call('POST', '/api/auth/signup', {
              body: { name: 'Queued', email, password: 'correct horse battery' },
            })
          ).status,
        ).toBe(201);
        expect((await api.call('POST', '/api/auth/otp/send', { body: { email } })).status).toBe(
          200,
        );
        // The admin sees the job's data, with the code in it.
        const findJob = async () => {
          for (const k of await scan(key(MAIL_QUEUE, '*')))
            if (
              (await admin.type(k)) === 'hash' &&
              String(await admin.hget(k, 'data')).includes(email)
            )
              return k;
          return undefined;
        };
        await expect.poll(findJob).toBeDefined();
        jobKey = (await findJob())!;
        queuedCode = JSON.parse(String(await admin.hget(jobKey, 'data'))).code;
        expect(queuedCode).toMatch(/^\d{6}$/);

        const attempts: [string, (string | number)[]][] = [
          ['read the job', ['HGETALL', jobKey]],
          ['read its data', ['HGET', jobKey, 'data']],
          [
            'read it through a script',
            ['EVAL', "return redis.call('HGET', KEYS[1], 'data')", 1, jobKey],
          ],
          ['copy it out', ['DUMP', jobKey]],
          ['copy it elsewhere', ['COPY', jobKey, key('events', ACCOUNT_DELETED, 'copy')]],
          ['list the waiting and active jobs', ['LRANGE', key(MAIL_QUEUE, 'active'), 0, -1]],
          ['read the queue’s event stream', ['XRANGE', key(MAIL_QUEUE, 'events'), '-', '+']],
          ['find the job by its key', ['KEYS', `${prefix}:*`]],
          ['walk the keys', ['SCAN', 0, 'MATCH', `${prefix}:*`]],
          ['add a mail job of its own', ['LPUSH', key(MAIL_QUEUE, 'wait'), 'forged']],
        ];
        for (const [what, args] of attempts)
          await attack(
            "Redis: journals' credential reads or adds mail jobs",
            () => expect(asStolen(...args), what).rejects.toThrow(NOPERM),
            async () =>
              expect(JSON.parse(String(await admin.hget(jobKey, 'data'))).code).toBe(queuedCode),
          );
      } finally {
        await system.restart('mailer');
      }
      // The mailer, back as its own user, sends that very code.
      const mail = await system.sink.waitFor((m) => m.to.includes(email), 30_000);
      expect(codeFrom(mail)).toBe(queuedCode);
    }));

  it("refuses journals' credential publishing account.deleted, or tampering with the stream", () =>
    finding(FINDING, 'refused', async () => {
      const victim = await verifiedAccount(
        target,
        target.client(),
        'Victim',
        `victim-${randomUUID()}@example.com`,
      );
      const api = target.client();
      const journal = await api.call('POST', '/api/journals', {
        token: victim.token,
        body: { title: 'Mine' },
      });
      expect(journal.status).toBe(201);
      const before = await admin.xlen(stream());
      const groups = JSON.stringify(await admin.xinfo('GROUPS', stream()));
      const event = JSON.stringify({
        id: randomUUID(),
        userId: victim.id,
        at: new Date().toISOString(),
      });
      const attempts: [string, (string | number)[]][] = [
        ['publish account.deleted', ['XADD', stream(), '*', 'event', event]],
        [
          'publish it on the side of the queue',
          ['XADD', key(MAIL_QUEUE, 'events'), '*', 'event', event],
        ],
        ['trim the stream', ['XTRIM', stream(), 'MAXLEN', 0]],
        ['delete the stream', ['DEL', stream()]],
        ['destroy goals’ group', ['XGROUP', 'DESTROY', stream(), 'goals']],
        ['move goals’ group to the end', ['XGROUP', 'SETID', stream(), 'goals', '$']],
      ];
      for (const [what, args] of attempts)
        await attack(
          "Redis: journals' credential publishes account.deleted or tampers with its stream",
          () => expect(asStolen(...args), what).rejects.toThrow(NOPERM),
          async () => {
            expect(await admin.xlen(stream())).toBe(before);
            expect(JSON.stringify(await admin.xinfo('GROUPS', stream()))).toBe(groups);
          },
        );
      // Nothing of the victim's went.
      const listed = await api.call('GET', '/api/journals', { token: victim.token });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain(journal.body._id);
    }));

  it("refuses journals' credential the rate-limit counters identity keeps", () =>
    finding(FINDING, 'refused', async () => {
      // Sign-ups and code requests above have been counted.
      const counters = await scan(key('rl', '*'));
      expect(counters.length).toBeGreaterThan(0);
      const counter = counters[0]!;
      const value = await admin.get(counter);
      const ttl = await admin.pttl(counter);
      const attempts: [string, (string | number)[]][] = [
        ['read a counter', ['GET', counter]],
        ['reset a counter', ['DEL', counter]],
        ['set a counter back', ['SET', counter, 0]],
        ['end a window early', ['PEXPIRE', counter, 1]],
        ['inflate a counter', ['INCRBY', counter, 1000]],
        [
          'reset every counter through a script',
          ['EVAL', "return redis.call('DEL', KEYS[1])", 1, counter],
        ],
      ];
      for (const [what, args] of attempts)
        await attack(
          "Redis: journals' credential reads or resets identity's rate-limit counters",
          () => expect(asStolen(...args), what).rejects.toThrow(NOPERM),
          async () => {
            expect(await admin.get(counter)).toBe(value);
            expect(await admin.pttl(counter)).toBeLessThanOrEqual(ttl);
            expect(await admin.pttl(counter)).toBeGreaterThan(0);
          },
        );
    }));

  it("refuses journals' credential every admin command", () =>
    finding(FINDING, 'refused', async () => {
      // What must be as it was: a key of the admin's own (data not flushed or deleted) and the
      // users and their rights. Not the key count: a rate-limit counter expires and a finished
      // job is removed on their own meanwhile, so it could fall with nothing done.
      const sentinel = `acl-test:sentinel:${randomUUID()}`;
      await admin.set(sentinel, 'kept');
      const users = await admin.call('ACL', 'LIST');
      const unchanged = async () => {
        expect(await admin.get(sentinel)).toBe('kept');
        expect(await admin.call('ACL', 'LIST')).toEqual(users);
      };
      const journalsUser = system.redisUsers!.names.journals;
      const run: (string | number)[][] = [
        ['ACL', 'LIST'],
        ['ACL', 'SETUSER', journalsUser, '+@all', '~*'],
        ['ACL', 'DELUSER', system.redisUsers!.names.identity],
        ['CONFIG', 'GET', 'requirepass'],
        ['CLIENT', 'LIST'],
        ['CLIENT', 'KILL', 'USER', system.redisUsers!.names.identity],
        ['KEYS', '*'],
        ['SCAN', 0],
        ['RANDOMKEY'],
        ['SCRIPT', 'FLUSH'],
        ['FUNCTION', 'FLUSH'],
        ['PUBLISH', 'anything', 'x'],
      ];
      for (const args of run)
        await attack(
          "Redis: journals' credential runs an admin command",
          () => expect(asStolen(...args), args.join(' ')).rejects.toThrow(NOPERM),
          unchanged,
        );
      // These would take the shared Redis down if let through: Redis is asked, not made to run them.
      for (const args of [
        ['FLUSHALL'],
        ['FLUSHDB'],
        ['CONFIG', 'SET', 'appendonly', 'no'],
        ['SHUTDOWN', 'NOSAVE'],
        ['DEBUG', 'SLEEP', '10'],
        ['SWAPDB', '0', '1'],
        ['MONITOR'],
      ])
        await attack("Redis: journals' credential runs an admin command", async () =>
          expect(await wouldAllow(journalsUser, args), args.join(' ')).toBe(false),
        );
    }));

  it('keeps every process working as its own user: a code is mailed, a deletion reaches journals and goals', () =>
    finding(FINDING, 'refused', async () => {
      const api = target.client();
      const leaver = await verifiedAccount(
        target,
        api,
        'Leaver',
        `leaver-${randomUUID()}@example.com`,
      );
      const journal = await api.call('POST', '/api/journals', {
        token: leaver.token,
        body: { title: 'J' },
      });
      expect(journal.status).toBe(201);
      const goal = await api.call('POST', '/api/goals', {
        token: leaver.token,
        body: { title: 'G', description: 'd', dateDue: '2026-06-01' },
      });
      expect(goal.status).toBe(201);
      const rows = async () => {
        const counts: number[] = [];
        for (const [owner, table] of [
          ['journals', 'journals'],
          ['goals', 'goals'],
        ] as const) {
          const conn = await mysql.createConnection({ uri: system.databases.urls[owner] });
          try {
            const [found] = await conn.query(
              `SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`,
              [leaver.id],
            );
            counts.push(Number((found as { n: number }[])[0]!.n));
          } finally {
            await conn.end();
          }
        }
        return counts;
      };
      expect(await rows()).toEqual([1, 1]);
      const deleted = await api.call('DELETE', '/api/user/delete', {
        token: leaver.token,
        headers: await confirmed(api, leaver),
      });
      expect(deleted.status, deleted.text).toBe(200);
      await expect.poll(rows, { timeout: 15_000 }).toEqual([0, 0]);
      // Redis refused none of the processes anything on the way (journals' user is left out: the
      // attacks above were made with its credential and are in the log).
      const refused = ((await admin.call('ACL', 'LOG', '128')) as unknown[][])
        .map((entry) => String(entry[entry.indexOf('username') + 1]))
        .filter(
          (user) =>
            Object.values(system.redisUsers!.names).includes(user) &&
            user !== system.redisUsers!.names.journals,
        );
      expect(refused).toEqual([]);
    }));
});
