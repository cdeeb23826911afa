/**
 * How GET /api/calendar scales with history: one user with ten years of daily entries in three
 * journals (≈11,000 entries) and 2,000 goals, another with one month, each asked for the same
 * six-week grid 200 times over HTTP. The goal: the ten-year user within 1.5× of the one-month
 * user, and a median under 10 ms on MariaDB. Sixty other users share the tables. Also explains
 * every read the content services make (bench/_plans.ts): a full scan fails the plan row.
 *
 * Two topologies: in-process (the calendar calls the journals and goals modules, as embedded,
 * on MariaDB and SQLite) and distributed (on MariaDB only: journals, goals and calendar each
 * in its own process, the calendar asking the others' internal endpoints over HTTP; sessions
 * are confirmed by a stand-in identity in this process).
 *
 *   node --import tsx bench/calendar.bench.ts            # MariaDB (127.0.0.1:3306) and SQLite
 *   node --import tsx bench/calendar.bench.ts sqlite     # one of them
 *   BENCH_CALENDAR_TOPOLOGIES=distributed node --import tsx bench/calendar.bench.ts mariadb
 *
 * `npm run bench` calls `calendarBench()` for figure 2 of its table.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createCalendar, inProcessSources } from '@dayframe/calendar';
import { isMysql, type Knex } from '@dayframe/service-kit/db';
import { planLines, type PlanSet } from './_plans.ts';
import { median as medianOf, percentile } from './_stats.ts';
import { ms, times, type Row } from './_table.ts';
import { contentServices } from './_services.ts';
import {
  DATABASE_KINDS,
  apiClient,
  listen,
  openTestDatabase,
  startFakeIdentity,
  startProcess,
  type DatabaseKind,
  type RunningProcess,
  type TestSessions,
  plansOf,
} from '@dayframe/test-kit';

export const CALLS = 200;
const WARMUP = 30;
// A Monday-first grid for October 2025: Mon 29 September to Sun 9 November.
const WINDOW = { from: '2025-09-29', to: '2025-11-09' };
const CONTENT = 'Woke early, walked by the river, wrote three pages. '.repeat(6);

function isoDay(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

async function insertInChunks(db: Knex, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 250) await db(table).insert(rows.slice(i, i + 250));
}

/** Journals, daily entries in each from `first` to `last`, and goals spread over the same span. */
async function seedUser(db: Knex, userId: string, first: string, last: string, goalCount: number) {
  const createdAt = new Date().toISOString();
  const journals = ['Daily', 'Work', 'Dreams'].map((title) => ({
    id: randomUUID(),
    user_id: userId,
    title,
    description: '',
    created_at: createdAt,
  }));
  await insertInChunks(db, 'journals', journals);
  const entries = [];
  for (let day = dayOf(first); day <= dayOf(last); day++) {
    for (const journal of journals) {
      entries.push({
        id: randomUUID(),
        journal_id: journal.id,
        user_id: userId,
        title: `${journal.title} ${isoDay(day)}`,
        content: CONTENT,
        date: isoDay(day),
        created_at: createdAt,
      });
    }
  }
  await insertInChunks(db, 'entries', entries);
  const span = dayOf(last) - dayOf(first);
  const goals = [];
  for (let i = 0; i < goalCount; i++) {
    const due = dayOf(first) + Math.floor((i * span) / goalCount);
    const completed = i % 2 === 0;
    goals.push({
      id: randomUUID(),
      user_id: userId,
      title: `Goal ${i}`,
      description: 'Keep going',
      completed,
      date_set: isoDay(due - 30),
      date_due: isoDay(due),
      date_complete: completed ? isoDay(due - 3) : null,
      created_at: createdAt,
    });
  }
  await insertInChunks(db, 'goals', goals);
  return { entries: entries.length, goals: goals.length, journalId: journals[0]!.id };
}

export const TOPOLOGIES = ['in-process', 'distributed'] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export type CalendarResult = {
  kind: DatabaseKind;
  topology: Topology;
  calls: number;
  users: Record<'1 month' | '10 years', { median: number; p99: number; items: number }>;
  /** Median of the ten-year user over median of the one-month user. */
  ratio: number;
};

type BenchUser = { id: string; token: string };
type Users = Record<'1 month' | '10 years', BenchUser>;

/** The same grid asked `calls` times for each user, alternating, after a warm-up. */
async function measure(
  url: string,
  users: Users,
  calls: number,
  label: string,
  log: (line: string) => void,
): Promise<{ users: CalendarResult['users']; ratio: number }> {
  const api = apiClient(url);
  const path = `/api/calendar?from=${WINDOW.from}&to=${WINDOW.to}`;
  const times: Record<string, number[]> = { '1 month': [], '10 years': [] };
  const items: Record<string, number> = {};
  for (const [name, user] of Object.entries(users)) {
    const first = await api.call('GET', path, { token: user.token });
    if (first.status !== 200) throw new Error(`calendar answered ${first.status}: ${first.text}`);
    if ((first.body as { missing?: string[] }).missing)
      throw new Error(`calendar answered without ${String(first.body.missing)}`);
    items[name] = ['entries', 'dueGoals', 'completedGoals'].reduce(
      (n, key) =>
        n +
        Object.values((first.body as Record<string, Record<string, unknown[]>>)[key]!).reduce(
          (m, list) => m + list.length,
          0,
        ),
      0,
    );
    for (let i = 0; i < WARMUP; i++) await api.call('GET', path, { token: user.token });
  }
  // Calls alternate between the two users, so a busy moment on the machine hits both alike.
  for (let i = 0; i < calls; i++) {
    for (const [name, user] of Object.entries(users)) {
      const started = performance.now();
      const response = await api.call('GET', path, { token: user.token });
      times[name]!.push(performance.now() - started);
      if (response.status !== 200 || response.body.missing)
        throw new Error(`calendar answered ${response.status}: ${response.text.slice(0, 200)}`);
    }
  }
  const results: Record<string, { median: number; p99: number; items: number }> = {};
  for (const name of Object.keys(users)) {
    results[name] = {
      median: medianOf(times[name]!),
      p99: percentile(times[name]!, 99),
      items: items[name]!,
    };
  }
  for (const [name, r] of Object.entries(results)) {
    log(
      `${label} ${name.padEnd(8)}: median ${r.median.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms over ${calls} calls (${r.items} items in the window)`,
    );
  }
  const ratio = results['10 years']!.median / results['1 month']!.median;
  log(`${label} 10-year / 1-month median: ${ratio.toFixed(2)}× (goal ≤ 1.5×)`);
  return { users: results as CalendarResult['users'], ratio };
}

/**
 * The distributed topology on the seeded database: journals, goals and calendar as their own
 * processes (`main.ts`), the calendar reaching the others over HTTP.
 */
async function distributed(
  env: Record<string, string | undefined>,
  sessions: TestSessions,
  run: (calendarUrl: string) => Promise<void>,
): Promise<void> {
  const identity = await startFakeIdentity(sessions.tokens);
  const processes: RunningProcess[] = [];
  try {
    const common = {
      ...env,
      JWT_PUBLIC_KEY: sessions.keys.publicKey,
      IDENTITY_URL: identity.url,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    };
    for (const service of ['journals', 'goals'] as const)
      processes.push(await startProcess(`services/${service}/main.ts`, common));
    const [journals, goals] = processes;
    processes.push(
      await startProcess('services/calendar/main.ts', {
        ...common,
        JOURNALS_URL: journals!.url,
        GOALS_URL: goals!.url,
      }),
    );
    await run(processes[2]!.url);
  } finally {
    for (const p of processes.reverse()) await p.stop();
    await identity.close();
  }
}

async function run(
  kind: DatabaseKind,
  topologies: readonly Topology[],
  calls: number,
  log: (line: string) => void,
  onPlans?: (plans: PlanSet) => void,
): Promise<CalendarResult[]> {
  const database = await openTestDatabase(kind);
  const { db } = database;
  const { sessions, deps, journals, goals } = await contentServices(db);
  const calendar = createCalendar({
    ...deps,
    sources: inProcessSources({
      entriesBetween: journals.entriesBetween,
      goalsBetween: goals.goalsBetween,
      ready: async () => undefined,
    }),
  });
  const server = await listen(calendar.app.callback());
  const journalsServer = await listen(journals.app.callback());
  const goalsServer = await listen(goals.app.callback());
  const results: CalendarResult[] = [];
  try {
    const decade = sessions.newUser();
    const month = sessions.newUser();
    const started = performance.now();
    const big = await seedUser(db, decade.id, '2016-01-01', '2025-12-31', 2_000);
    const small = await seedUser(db, month.id, '2025-10-01', '2025-10-31', 10);
    // Other people's rows, so the plans below are those of a shared table, not of two users.
    for (let i = 0; i < 60; i++) await seedUser(db, randomUUID(), '2025-01-01', '2025-02-28', 40);
    await db.raw(isMysql(db) ? 'ANALYZE TABLE journals, entries, goals' : 'ANALYZE');
    log(
      `\n== ${kind}: seeded ${big.entries} entries + ${big.goals} goals (10 years) and ${small.entries} entries + ${small.goals} goals (1 month) in ${Math.round(performance.now() - started)} ms`,
    );
    const users: Users = { '1 month': month, '10 years': decade };

    if (topologies.includes('in-process')) {
      const measured = await measure(server.url, users, calls, `${kind} in-process`, log);
      results.push({ kind, topology: 'in-process', calls, ...measured });
    }
    if (topologies.includes('distributed') && kind === 'mariadb') {
      await distributed(database.env, sessions, async (calendarUrl) => {
        const measured = await measure(calendarUrl, users, calls, `${kind} distributed`, log);
        results.push({ kind, topology: 'distributed', calls, ...measured });
      });
    }

    // Every read path, captured as the services issue it, then explained.
    const other = sessions.newUser();
    const api = apiClient(server.url);
    const goalsApi = apiClient(goalsServer.url);
    const journalsApi = apiClient(journalsServer.url);
    const plans = await plansOf(db, async () => {
      await api.call('GET', `/api/calendar?from=${WINDOW.from}&to=${WINDOW.to}`, {
        token: decade.token,
      });
      await journalsApi.call('GET', '/api/journals', { token: decade.token });
      await journalsApi.call('GET', `/api/journals/${big.journalId}`, { token: decade.token });
      const page = await journalsApi.call('GET', `/api/entry/${big.journalId}`, {
        token: decade.token,
      });
      // The next page, by the keyset the first one links to.
      const next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
      if (next) await journalsApi.call('GET', next, { token: decade.token });
      await journalsApi.call('GET', `/api/entry/${big.journalId}`, { token: other.token }); // not theirs: one lookup, no entries read
      await journalsApi.call('GET', `/api/entry/${big.journalId}/dated?date=2020-02-29`, {
        token: decade.token,
      });
      // The ten-year user owns half the goals table, where a scan is rightly cheaper; a typical user's plan:
      await goalsApi.call('GET', '/api/goals/due', { token: month.token });
      await goalsApi.call('GET', '/api/goals/completed', { token: month.token });
      // An export's reads (issue 16): journals, then each journal's entries and the goals in pages.
      await journals.exportJournals(decade.id);
      const entries = await journals.exportEntries(decade.id, {
        journalId: big.journalId,
        limit: 500,
      });
      if (entries.next)
        await journals.exportEntries(decade.id, {
          journalId: big.journalId,
          after: entries.next,
          limit: 500,
        });
      const goalsPage = await goals.exportGoals(decade.id, { limit: 500 });
      if (goalsPage.next) await goals.exportGoals(decade.id, { after: goalsPage.next, limit: 500 });
    });
    onPlans?.({ figure: '2', kind, what: 'journals, entries, goals, calendar, export', plans });
    return results;
  } finally {
    await server.close();
    await journalsServer.close();
    await goalsServer.close();
    await database.close();
  }
}

/** Figure 2: the calendar window on each database kind (and topology), one after the other. */
export async function calendarBench(
  kinds: readonly DatabaseKind[] = DATABASE_KINDS,
  options: {
    calls?: number;
    topologies?: readonly Topology[];
    log?: (line: string) => void;
    /** The plan of every read, per database kind (see bench/_plans.ts). */
    onPlans?: (plans: PlanSet) => void;
  } = {},
): Promise<CalendarResult[]> {
  const results = [];
  for (const kind of kinds)
    results.push(
      ...(await run(
        kind,
        options.topologies ?? TOPOLOGIES,
        options.calls ?? CALLS,
        options.log ?? console.log,
        options.onPlans,
      )),
    );
  return results;
}

/** `BENCH_CALENDAR_TOPOLOGIES=in-process,distributed` (both by default). */
export function topologiesFromEnv(value = process.env.BENCH_CALENDAR_TOPOLOGIES): Topology[] {
  const wanted = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const t of wanted)
    if (!(TOPOLOGIES as readonly string[]).includes(t))
      throw new Error(`BENCH_CALENDAR_TOPOLOGIES: unknown topology ${t}`);
  return wanted.length ? (wanted as Topology[]) : [...TOPOLOGIES];
}

export function calendarRows(results: CalendarResult[]): Row[] {
  return results.flatMap((r) => {
    const decade = r.users['10 years'];
    const month = r.users['1 month'];
    const where =
      r.topology === 'distributed'
        ? `${r.kind}, distributed (calendar → journals/goals over HTTP)`
        : r.kind;
    const rows: Row[] = [
      {
        figure: '2',
        measure: `calendar 6-week window, ${where}: 10-year / 1-month user (median of ${r.calls})`,
        value: `${ms(decade.median)} / ${ms(month.median)} = ${times(r.ratio)}`,
        goal: '≤ 1.5×',
        met: r.ratio <= 1.5,
      },
    ];
    if (r.kind === 'mariadb')
      rows.push({
        figure: '2',
        measure: `calendar median on MariaDB${r.topology === 'distributed' ? ', distributed' : ''} (slower of the two users)`,
        value: ms(Math.max(decade.median, month.median)),
        goal: '< 10 ms',
        met: Math.max(decade.median, month.median) < 10,
      });
    return rows;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv
    .slice(2)
    .filter((arg): arg is DatabaseKind => (DATABASE_KINDS as readonly string[]).includes(arg));
  await calendarBench(wanted.length ? wanted : DATABASE_KINDS, {
    topologies: topologiesFromEnv(),
    onPlans: (plans) => console.log(planLines(plans).join('\n')),
  });
}
