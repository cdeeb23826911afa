import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarResponse, entryList, goalList } from '@dayframe/contracts';
import {
  DATABASE_KINDS,
  apiClient,
  freePort,
  openTestDatabase,
  startFakeIdentity,
  startProcess,
  testSessions,
  type OpenTestDatabase,
  type RunningProcess,
  testServiceSecret,
} from '@dayframe/test-kit';

// UTC+14 and UTC-8/-7: a date turned into a local-midnight Date anywhere on the way back would
// come out a day off in one of them.
const TIME_ZONES = ['Pacific/Kiritimati', 'America/Los_Angeles'];
// Year end, a leap day, and both US daylight-saving switches.
const DATES = ['2025-12-31', '2026-01-01', '2028-02-29', '2026-03-08', '2026-11-01'];

const cases = DATABASE_KINDS.flatMap((kind) => TIME_ZONES.map((tz) => ({ kind, tz })));

describe.each(cases)(
  'services started with TZ=$tz on $kind return the dates that were sent',
  ({ kind, tz }) => {
    const sessions = testSessions();
    const user = sessions.newUser();
    let database: OpenTestDatabase;
    let identity: { url: string; close(): Promise<void> };
    const processes: RunningProcess[] = [];
    const urls: Record<'journals' | 'goals' | 'calendar', string> = {
      journals: '',
      goals: '',
      calendar: '',
    };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      identity = await startFakeIdentity(sessions.tokens);
      const env = {
        ...database.env,
        TZ: tz,
        JWT_PUBLIC_KEY: sessions.keys.publicKey,
        IDENTITY_URL: identity.url,
        SERVICE_TOKEN_SECRET: testServiceSecret().secret,
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
      };
      // All at once: the calendar asks journals and goals only once the tests call it, after
      // every process answers /healthz. It needs their addresses up front, hence fixed ports.
      const services = ['journals', 'goals', 'calendar'] as const;
      const ports = await Promise.all(services.map(() => freePort()));
      const calendarEnv = {
        ...env,
        JOURNALS_URL: `http://127.0.0.1:${ports[0]}`,
        GOALS_URL: `http://127.0.0.1:${ports[1]}`,
      };
      const started = await Promise.allSettled(
        services.map((service, i) =>
          startProcess(`services/${service}/main.ts`, service === 'calendar' ? calendarEnv : env, {
            port: ports[i],
          }),
        ),
      );
      for (const [i, result] of started.entries()) {
        if (result.status === 'fulfilled') {
          processes.push(result.value);
          urls[services[i]!] = result.value.url;
        }
      }
      for (const result of started) if (result.status === 'rejected') throw result.reason;
    });
    afterAll(async () => {
      for (const running of processes.reverse()) await running.stop();
      await identity?.close();
      await database?.close();
    });

    it('runs the children in that zone', () => {
      const offset = execFileSync(
        process.execPath,
        ['-e', 'process.stdout.write(String(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()))'],
        {
          env: { ...process.env, TZ: tz },
        },
      ).toString();
      expect(offset).toBe(tz === 'Pacific/Kiritimati' ? '-840' : '480');
    });

    it('keeps entry dates exactly', async () => {
      const journals = apiClient(urls.journals);
      const created = await journals.call('POST', '/api/journals', {
        token: user.token,
        body: { title: 'Zones' },
      });
      expect(created.status).toBe(201);
      const journalId = created.body._id;
      for (const date of DATES) {
        const made = await journals.call('POST', `/api/entry/${journalId}`, {
          token: user.token,
          body: { title: date, content: 'c', date },
        });
        expect(made.status).toBe(201);
        expect(made.body.date).toBe(date);
        const dated = await journals.call('GET', `/api/entry/${journalId}/dated?date=${date}`, {
          token: user.token,
        });
        expect(dated.body).toMatchObject({ title: date, date });
        const single = await journals.call('GET', `/api/entry/${journalId}/${made.body._id}`, {
          token: user.token,
        });
        expect(single.body.date).toBe(date);
      }
      const list = entryList.parse(
        (await journals.call('GET', `/api/entry/${journalId}`, { token: user.token })).body,
      );
      expect(list.map((e) => e.date)).toEqual([...DATES].sort().reverse());
      expect(list.every((e) => e.title === e.date)).toBe(true);
    });

    it('keeps goal dates exactly', async () => {
      const goals = apiClient(urls.goals);
      for (const [i, date] of DATES.entries()) {
        const made = await goals.call('POST', '/api/goals', {
          token: user.token,
          body: { title: `g${i}`, description: date, dateSet: date, dateDue: date },
        });
        expect(made.status).toBe(201);
        expect(made.body).toMatchObject({ dateSet: date, dateDue: date });
        if (i % 2 === 0) {
          const done = await goals.call('PUT', `/api/goals/${made.body._id}/complete`, {
            token: user.token,
            body: { currentDate: date },
          });
          expect(done.body.dateComplete).toBe(date);
        }
      }
      const due = goalList.parse(
        (await goals.call('GET', '/api/goals/due', { token: user.token })).body,
      );
      const completed = goalList.parse(
        (await goals.call('GET', '/api/goals/completed', { token: user.token })).body,
      );
      for (const g of [...due, ...completed]) {
        expect(g.dateSet).toBe(g.description);
        expect(g.dateDue).toBe(g.description);
      }
      for (const g of completed) expect(g.dateComplete).toBe(g.description);
      expect(completed.map((g) => g.dateComplete)).toEqual([
        '2028-02-29',
        '2026-11-01',
        '2025-12-31',
      ]);
    });

    it('files every item under the day it was sent in the calendar', async () => {
      const calendar = apiClient(urls.calendar);
      for (const date of DATES) {
        const response = await calendar.call('GET', `/api/calendar?from=${date}&to=${date}`, {
          token: user.token,
        });
        expect(response.status, response.text).toBe(200);
        const body = calendarResponse.parse(response.body);
        expect(Object.keys(body.entries)).toEqual([date]);
        expect(body.entries[date]?.[0]?.date).toBe(date);
        const goalsThatDay = [
          ...Object.entries(body.dueGoals),
          ...Object.entries(body.completedGoals),
        ];
        expect(goalsThatDay.map(([day]) => day)).toEqual([date]);
        expect(goalsThatDay[0]?.[1][0]?.description).toBe(date);
      }
    });
  },
);
