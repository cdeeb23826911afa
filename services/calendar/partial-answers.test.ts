import { createServer, type RequestListener, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarResponse } from '@dayframe/contracts';
import { serve, silentLogger, type Running } from '@dayframe/service-kit/http';
import type { SessionCheck } from '@dayframe/service-kit/tokens';
import {
  DATABASE_KINDS,
  apiClient,
  freePort,
  listen,
  openTestDatabase,
  startServiceTestApp,
  testSessions,
  type ApiClient,
  type OpenTestDatabase,
  type ServiceTestApp,
  testServiceSecret,
} from '@dayframe/test-kit';
// Tests may stand the owners up as real services (the lint rule allows it in tests only).
import { createJournals, type Journals } from '@dayframe/journals';
import { createGoals, type Goals } from '@dayframe/goals';
import { CALENDAR_UNAVAILABLE } from './calendar-window.ts';
import {
  createCalendar,
  httpSources,
  inProcessSources,
  pickSources,
  type CalendarSources,
} from './mod.ts';

const WINDOW = '/api/calendar?from=2026-06-01&to=2026-06-30';

/** A real owner service on a fixed loopback port, which a test can stop and start again. */
async function restartable(handler: RequestListener) {
  const port = await freePort();
  let running: Running | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    async start() {
      running = await serve(handler, { port, log: silentLogger(), handleSignals: false });
    },
    async stop() {
      await running?.stop();
      running = null;
    },
  };
}

describe.each(DATABASE_KINDS)('calendar with journals or goals down, over HTTP, on %s', (kind) => {
  const sessions = testSessions();
  const user = sessions.newUser();
  let database: OpenTestDatabase;
  let journals: Journals;
  let goals: Goals;
  let journalsServer: Awaited<ReturnType<typeof restartable>>;
  let goalsServer: Awaited<ReturnType<typeof restartable>>;
  let sources: CalendarSources;
  let calendar: { url: string; close(): Promise<void> };
  let api: ApiClient;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const deps = {
      db: database.db,
      tokens: sessions.tokens,
      checkSession: sessions.checkSession,
      serviceKey: testServiceSecret().key,
      log: silentLogger(),
    };
    journals = createJournals(deps);
    goals = createGoals(deps);
    for (const service of [journals, goals]) await service.migrate();
    journalsServer = await restartable(journals.app.callback());
    goalsServer = await restartable(goals.app.callback());
    await Promise.all([journalsServer.start(), goalsServer.start()]);
    sources = httpSources({
      journalsUrl: journalsServer.url,
      goalsUrl: goalsServer.url,
      serviceKey: deps.serviceKey,
    });
    const app = createCalendar({ ...deps, sources }).app;
    calendar = await listen(app.callback());
    api = apiClient(calendar.url);

    const journalsApi = apiClient(journalsServer.url);
    const journal = await journalsApi.call('POST', '/api/journals', {
      token: user.token,
      body: { title: 'Days' },
    });
    await journalsApi.call('POST', `/api/entry/${journal.body._id}`, {
      token: user.token,
      body: { title: 'Swim', content: 'Lake', date: '2026-06-10' },
    });
    await apiClient(goalsServer.url).call('POST', '/api/goals', {
      token: user.token,
      body: { title: 'Read', description: 'Books', dateDue: '2026-06-12', dateSet: '2026-06-01' },
    });
  });
  afterAll(async () => {
    await calendar?.close();
    await sources?.close();
    await journalsServer?.stop();
    await goalsServer?.stop();
    await database?.close();
  });

  async function timedWindow() {
    const started = performance.now();
    const response = await api.call('GET', WINDOW, { token: user.token });
    return { ...response, ms: performance.now() - started };
  }

  it('answers everything, with no missing field, while both owners answer', async () => {
    const full = await timedWindow();
    expect(full.status).toBe(200);
    expect(full.body).not.toHaveProperty('missing');
    expect(Object.keys(full.body.entries)).toEqual(['2026-06-10']);
    expect(Object.keys(full.body.dueGoals)).toEqual(['2026-06-12']);
  });

  it('answers the goals and names the entries missing while journals is down, then recovers', async () => {
    await journalsServer.stop();
    try {
      const partial = await timedWindow();
      expect(partial.status, partial.text).toBe(200);
      expect(partial.ms).toBeLessThan(3_000);
      const body = calendarResponse.parse(partial.body);
      expect(body.missing).toEqual(['entries']);
      expect(body.entries).toEqual({});
      expect(body.dueGoals['2026-06-12']?.[0]?.title).toBe('Read');
      // Still ready: it can show the goals.
      expect((await api.call('GET', '/readyz')).status).toBe(200);
    } finally {
      await journalsServer.start();
    }
    const back = await timedWindow();
    expect(back.status).toBe(200);
    expect(back.body).not.toHaveProperty('missing');
    expect(Object.keys(back.body.entries)).toEqual(['2026-06-10']);
  });

  it('answers the entries and names the goals missing while goals is down', async () => {
    await goalsServer.stop();
    try {
      const partial = await timedWindow();
      expect(partial.status, partial.text).toBe(200);
      const body = calendarResponse.parse(partial.body);
      expect(body.missing).toEqual(['goals']);
      expect(body.entries['2026-06-10']?.[0]).toMatchObject({
        title: 'Swim',
        journalTitle: 'Days',
      });
      expect(body.dueGoals).toEqual({});
      expect(body.completedGoals).toEqual({});
    } finally {
      await goalsServer.start();
    }
    expect((await timedWindow()).body).not.toHaveProperty('missing');
  });

  it('answers a clear 503, and is not ready, when both are down', async () => {
    await Promise.all([journalsServer.stop(), goalsServer.stop()]);
    try {
      const none = await timedWindow();
      expect(none.status).toBe(503);
      expect(none.body).toEqual({
        message: CALENDAR_UNAVAILABLE,
        code: 'calendar_sources_unavailable',
      });
      const ready = await api.call('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toContain('sources');
    } finally {
      await Promise.all([journalsServer.start(), goalsServer.start()]);
    }
  });
});

describe('calendar with a source that hangs or fails', () => {
  const sessions = testSessions();
  const user = sessions.newUser();
  let goals: ServiceTestApp<Goals>;
  const hanging: Server = createServer(() => undefined); // accepts, never answers
  let hangingUrl: string;
  const failing: Server = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"message":"boom","code":"internal"}');
  });
  let failingUrl: string;

  const started = (server: Server) =>
    new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      }),
    );

  beforeAll(async () => {
    goals = await startServiceTestApp('sqlite', createGoals, sessions);
    await goals.api.call('POST', '/api/goals', {
      token: user.token,
      body: { title: 'Walk', description: 'Park', dateDue: '2026-06-05', dateSet: '2026-06-01' },
    });
    hangingUrl = await started(hanging);
    failingUrl = await started(failing);
  });
  afterAll(async () => {
    await goals?.close();
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await new Promise((resolve) => failing.close(resolve));
  });

  const serviceKey = testServiceSecret().key;

  async function windowWith(sources: CalendarSources) {
    const app = createCalendar({
      sources,
      tokens: sessions.tokens,
      checkSession: sessions.checkSession,
      serviceKey: testServiceSecret().key,
      log: silentLogger(),
    }).app;
    const server = await listen(app.callback());
    try {
      const begun = performance.now();
      const response = await apiClient(server.url).call('GET', WINDOW, { token: user.token });
      return { ...response, ms: performance.now() - begun };
    } finally {
      await server.close();
      await sources.close();
    }
  }

  it('gives up on a hanging journals after its timeout and answers the goals', async () => {
    const answer = await windowWith(
      httpSources({ journalsUrl: hangingUrl, goalsUrl: goals.url, serviceKey }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.missing).toEqual(['entries']);
    expect(Object.keys(answer.body.dueGoals)).toEqual(['2026-06-05']);
    expect(answer.ms).toBeLessThan(4_000);
  });

  it('treats an error answer from journals as missing entries', async () => {
    const answer = await windowWith(
      httpSources({ journalsUrl: failingUrl, goalsUrl: goals.url, serviceKey }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.missing).toEqual(['entries']);
    expect(Object.keys(answer.body.dueGoals)).toEqual(['2026-06-05']);
  });

  it('takes each part from its own implementation in a mixed topology', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    // Goals mounted here, journals elsewhere and down.
    const answer = await windowWith(
      pickSources({
        entries: httpSources({ journalsUrl: unreachable, serviceKey }),
        goals: inProcessSources({
          goalsBetween: goals.service.goalsBetween,
          ready: async () => undefined,
        }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.missing).toEqual(['entries']);
    expect(Object.keys(answer.body.dueGoals)).toEqual(['2026-06-05']);
  });

  it('answers in-process too when one module fails (its database is gone)', async () => {
    const broken = await openTestDatabase('sqlite');
    const journals = createJournals({
      db: broken.db,
      tokens: sessions.tokens,
      checkSession: sessions.checkSession,
      serviceKey: testServiceSecret().key,
      log: silentLogger(),
    });
    await journals.migrate();
    await broken.close();
    const answer = await windowWith(
      inProcessSources({
        entriesBetween: journals.entriesBetween,
        goalsBetween: goals.service.goalsBetween,
        ready: async () => undefined,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.missing).toEqual(['entries']);
    expect(Object.keys(answer.body.dueGoals)).toEqual(['2026-06-05']);
  });
});

describe('calendar asking its sources while the session is confirmed', () => {
  const sessions = testSessions();
  const ended = sessions.newUser();
  const unverified = sessions.newUser();
  const current = sessions.newUser();
  let database: OpenTestDatabase;
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    // Identity's answer per user: one signed out (session ended), one not yet verified.
    const checkSession: SessionCheck = async (token, claims) =>
      claims.sub === ended.id
        ? null
        : {
            ...(await sessions.checkSession(token, claims))!,
            verified: claims.sub !== unverified.id,
          };
    const deps = {
      db: database.db,
      tokens: sessions.tokens,
      checkSession,
      serviceKey: testServiceSecret().key,
      log: silentLogger(),
    };
    const goals = createGoals(deps);
    await goals.migrate();
    const goalsApi = apiClient((server = await listen(goals.app.callback())).url);
    for (const user of [ended, unverified, current])
      await goalsApi.call('POST', '/api/goals', {
        token: user.token,
        body: { title: 'Mine', description: 'd', dateDue: '2026-06-05', dateSet: '2026-06-01' },
      });
    await server.close();
    const calendar = createCalendar({
      ...deps,
      sources: inProcessSources({ goalsBetween: goals.goalsBetween, ready: async () => undefined }),
    });
    server = await listen(calendar.app.callback());
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("answers 401 or 403, never the rows, when the token's session is not current", async () => {
    const api = apiClient(server.url);
    const signedOut = await api.call('GET', WINDOW, { token: ended.token });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe('session_ended');
    expect(signedOut.text).not.toContain('Mine');
    const notVerified = await api.call('GET', WINDOW, { token: unverified.token });
    expect(notVerified.status).toBe(403);
    expect(notVerified.text).not.toContain('Mine');
    // A token we did not sign is refused before the window is even read.
    const forged = await api.call('GET', WINDOW, { token: `${current.token}x` });
    expect(forged.status).toBe(401);
    const own = await api.call('GET', WINDOW, { token: current.token });
    expect(own.status).toBe(200);
    expect(own.body.dueGoals['2026-06-05'][0].title).toBe('Mine');
    expect(own.body.missing).toEqual(['entries']); // no entries source in this setup
  });
});
