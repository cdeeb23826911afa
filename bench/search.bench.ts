/**
 * How search and insights answer for the ten-year user: 3,650 entries of about 1 KB across
 * three journals (one a day) and 2,000 goals, beside 40 other users' rows, asked over HTTP of
 * the journals and goals services. The goals: search p95 ≤ 50 ms for one-word, two-word and
 * prefix queries and for the search operators of issue 25 (`tag:`, `mood:`, `journal:`,
 * `after:`/`before:`, `is:starred`, `-word`, `"phrase"`), insights p95 ≤ 20 ms, on MariaDB and
 * on SQLite. A word found in nearly every
 * entry is measured too, as the worst case (informative). Also explains every read of the probes
 * (bench/_plans.ts): a full scan fails the plan row.
 *
 *   node --import tsx bench/search.bench.ts            # MariaDB (127.0.0.1:3306) and SQLite
 *   node --import tsx bench/search.bench.ts sqlite     # one of them
 *
 * `npm run bench` calls `searchBench()` for figure 7 of its table (`BENCH_ONLY=search`).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isMysql, type Knex } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  apiClient,
  listen,
  openTestDatabase,
  type ApiClient,
  type DatabaseKind,
  plansOf,
} from '@dayframe/test-kit';
import { planLines, type PlanSet } from './_plans.ts';
import { median, percentile } from './_stats.ts';
import { ms, type Row } from './_table.ts';
import { contentServices } from './_services.ts';

export const CALLS = 200;
const WARMUP = 20;
const FIRST_DAY = Date.parse('2016-01-01T00:00:00Z') / 86_400_000;
const DAYS = 3_650;

const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** A small deterministic generator, so every run searches the same text. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const COMMON =
  'the and a to of in i it was we my that for on with at by this had but not so then after all day morning evening walked wrote felt today work home read slept coffee river friends garden rain sun long quiet city train café'.split(
    ' ',
  );
const SYLLABLES =
  'ka lo mi ne ru sa te vo zu bri dan fel gor hin jul kem lor mur nes pol quin ros sil tam ven wor'.split(
    ' ',
  );

/** The writer's vocabulary: common words first, then a long tail, drawn with Zipf's law. */
function vocabulary(): string[] {
  const next = random(7);
  const tail = new Set<string>();
  while (tail.size < 4_000) {
    const n = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    tail.add(word);
  }
  return [...COMMON, 'mountain', 'mountains', 'lighthouse', 'harbour', ...tail];
}

function writer(seed: number) {
  const words = vocabulary();
  const next = random(seed);
  // Zipf with exponent 1: the k-th word is drawn in proportion to 1/k.
  const weights = words.map((_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
  const word = () => {
    const r = next();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < r) low = mid + 1;
      else high = mid;
    }
    return words[low]!;
  };
  return {
    text(bytes: number) {
      let out = '';
      while (out.length < bytes) {
        const sentence = Array.from({ length: 6 + Math.floor(next() * 10) }, word).join(' ');
        out += `${sentence[0]!.toUpperCase()}${sentence.slice(1)}. `;
      }
      return out.trim();
    },
    words: (n: number) => Array.from({ length: n }, word).join(' '),
  };
}

async function insertInChunks(db: Knex, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 200) await db(table).insert(rows.slice(i, i + 200));
}

/** The writer's tags and how often each comes: every 2nd, 5th, 10th and 30th day. */
const TAGS = ['daily', 'work', 'travel', 'family'];
const TAG_EVERY = [2, 5, 10, 30];

export async function seedUser(
  db: Knex,
  userId: string,
  days: number,
  goals: number,
  seed: number,
) {
  const write = writer(seed);
  const createdAt = new Date().toISOString();
  const journals = ['Daily', 'Work', 'Travel'].map((title) => ({
    id: randomUUID(),
    user_id: userId,
    title,
    description: '',
    created_at: createdAt,
  }));
  await insertInChunks(db, 'journals', journals);
  const entries = [];
  for (let day = 0; day < days; day++) {
    const tags = TAGS.filter((_, i) => day % TAG_EVERY[i]! === 0);
    entries.push({
      id: randomUUID(),
      journal_id: journals[day % 3]!.id,
      user_id: userId,
      title: write.words(3),
      content: write.text(1_000),
      date: isoDay(FIRST_DAY + day),
      created_at: createdAt,
      // Issue 25: tags, a mood on most days (none one day in seven), a star one day in twenty.
      tags: tags.join(' '),
      mood: day % 7 === 6 ? null : 1 + ((day * 3) % 5),
      starred: day % 20 === 0,
    });
  }
  await insertInChunks(db, 'entries', entries);
  // The tag index, one row per tag of each entry, as a save writes it (entry-meta.ts).
  const written: { id: string; seq: number; date: string; tags: string }[] = await db('entries')
    .select('id', 'seq', 'date', 'tags')
    .where('user_id', userId)
    .andWhereNot('tags', '');
  await insertInChunks(
    db,
    'entry_tags',
    written.flatMap((row) =>
      row.tags.split(' ').map((tag) => ({
        user_id: userId,
        tag,
        date: row.date,
        entry_seq: Number(row.seq),
        entry_id: row.id,
      })),
    ),
  );
  const goalRows = [];
  for (let i = 0; i < goals; i++) {
    const due = FIRST_DAY + Math.floor((i * days) / Math.max(1, goals));
    goalRows.push({
      id: randomUUID(),
      user_id: userId,
      title: write.words(4),
      description: write.text(120),
      completed: i % 2 === 0,
      date_set: isoDay(due - 30),
      date_due: isoDay(due),
      date_complete: i % 2 === 0 ? isoDay(due - 3) : null,
      created_at: createdAt,
    });
  }
  await insertInChunks(db, 'goals', goalRows);
}

type Probe = {
  name: string;
  kind: 'search' | 'insights' | 'worst' | 'baseline';
  api: 'journals' | 'goals';
  paths: string[];
};

/**
 * Several queries of each shape, asked in turn, so no one word's luck decides a figure. The
 * words are taken by their rank in the writer's vocabulary: rank 80 is in about a fifth of the
 * entries, rank 640 in a few percent, like the words people look for; "walked" (rank 24, in
 * nearly half of them) is the worst case.
 */
const V = vocabulary();
const PROBES: Probe[] = [
  {
    // What any authenticated call costs on this machine right now: the floor under every figure.
    name: 'baseline: GET /api/journals of a user with none',
    kind: 'baseline',
    api: 'journals',
    paths: ['/api/journals'],
  },
  {
    name: 'entries, one word',
    kind: 'search',
    api: 'journals',
    paths: [V[80]!, V[160]!, V[320]!, V[640]!, 'cafe'].map(entrySearch),
  },
  {
    name: 'entries, two words',
    kind: 'search',
    api: 'journals',
    paths: [
      `${V[20]} ${V[160]}`,
      `${V[40]} ${V[320]}`,
      `${V[60]} ${V[120]}`,
      `${V[100]} ${V[200]}`,
    ].map(entrySearch),
  },
  {
    name: 'entries, prefix',
    kind: 'search',
    api: 'journals',
    paths: [V[90]!.slice(0, 4), V[180]!.slice(0, 4), V[360]!.slice(0, 5), 'moun'].map(entrySearch),
  },
  // Search operators (issue 25): each combined as the issue shows them.
  {
    name: 'entries, tag:x mood:>=4 word',
    kind: 'search',
    api: 'journals',
    paths: [
      `tag:travel mood:>=4 ${V[80]}`,
      `tag:work mood:>=4 ${V[160]}`,
      `tag:daily mood:<=2 ${V[320]}`,
    ].map(entrySearch),
  },
  {
    name: 'entries, journal:"…" after:… before:… (with and without a word)',
    kind: 'search',
    api: 'journals',
    paths: [
      'journal:"Travel" after:2020-01-01 before:2022-12-31',
      `journal:"Work" after:2018-06-01 before:2019-05-31 ${V[80]}`,
      `journal:"Daily" after:2024-01-01 before:2025-12-31 ${V[160]}`,
    ].map(entrySearch),
  },
  {
    name: 'entries, is:starred -word "phrase"',
    kind: 'search',
    api: 'journals',
    paths: [
      `is:starred -${V[40]} "${V[0]} ${V[1]}"`,
      `is:starred -${V[80]} "${V[2]} ${V[3]}"`,
      `is:starred -${V[20]}`,
    ].map(entrySearch),
  },
  {
    name: 'goals, one word / two words / prefix',
    kind: 'search',
    api: 'goals',
    paths: [V[80]!, `${V[40]} ${V[320]}`, V[90]!.slice(0, 4), 'moun'].map(
      (q) => `/api/search/goals?q=${encodeURIComponent(q)}`,
    ),
  },
  {
    name: 'entries, a word in nearly half the entries ("walked")',
    kind: 'worst',
    api: 'journals',
    paths: [entrySearch('walked')],
  },
  {
    name: 'entries, short words and stopwords only ("we to")',
    kind: 'worst',
    api: 'journals',
    paths: [entrySearch('we to')],
  },
  {
    name: 'insights on this day',
    kind: 'insights',
    api: 'journals',
    paths: ['2025-06-15', '2026-02-28', '2025-12-31'].map(
      (d) => `/api/insights/on-this-day?date=${d}`,
    ),
  },
  {
    name: 'insights writing, a year (3,650-day streak)',
    kind: 'insights',
    api: 'journals',
    paths: ['/api/insights/writing?from=2025-01-01&to=2025-12-31'],
  },
  {
    name: 'insights writing, a year with a gap',
    kind: 'insights',
    api: 'journals',
    paths: ['/api/insights/writing?from=2026-01-01&to=2026-12-31'],
  },
];

function entrySearch(q: string) {
  return `/api/search/entries?q=${encodeURIComponent(q)}`;
}

export type SearchResult = {
  kind: DatabaseKind;
  calls: number;
  probes: { probe: Probe; p95: number; median: number; total: number }[];
};

async function run(
  kind: DatabaseKind,
  calls: number,
  log: (line: string) => void,
  onPlans?: (plans: PlanSet) => void,
): Promise<SearchResult> {
  const database = await openTestDatabase(kind);
  const { db } = database;
  const { sessions, journals, goals } = await contentServices(db);
  const journalsServer = await listen(journals.app.callback());
  const goalsServer = await listen(goals.app.callback());
  const apis: Record<Probe['api'], ApiClient> = {
    journals: apiClient(journalsServer.url),
    goals: apiClient(goalsServer.url),
  };
  try {
    const decade = sessions.newUser();
    let started = performance.now();
    await seedUser(db, decade.id, DAYS, 2_000, 1);
    // Other people's rows, so the index is a shared one, not one user's.
    for (let i = 0; i < 40; i++) await seedUser(db, randomUUID(), 60, 20, 100 + i);
    await db.raw(isMysql(db) ? 'ANALYZE TABLE journals, entries, entry_tags, goals' : 'ANALYZE');
    if (isMysql(db)) await db.raw('OPTIMIZE TABLE entries, goals').catch(() => undefined);
    log(
      `\n== ${kind}: seeded the 10-year user (${DAYS} entries, 2,000 goals) and 40 others in ${Math.round(performance.now() - started)} ms`,
    );

    const probes: SearchResult['probes'] = [];
    const nobody = sessions.newUser();
    // BENCH_SEARCH_PROBES=insights measures only the probes whose name contains it.
    const only = process.env.BENCH_SEARCH_PROBES ?? '';
    for (const probe of PROBES.filter((p) => p.name.includes(only))) {
      const api = apis[probe.api];
      const token = probe.kind === 'baseline' ? nobody.token : decade.token;
      let total = 0;
      for (const path of probe.paths) {
        const first = await api.call('GET', path, { token });
        if (first.status !== 200)
          throw new Error(`${path} answered ${first.status}: ${first.text}`);
        const body = first.body as { total?: number; entries?: unknown[]; days?: object };
        total += body.total ?? body.entries?.length ?? Object.keys(body.days ?? {}).length;
        for (let i = 0; i < WARMUP; i++) await api.call('GET', path, { token });
      }
      const times: number[] = [];
      for (let i = 0; i < calls; i++) {
        const path = probe.paths[i % probe.paths.length]!;
        started = performance.now();
        const response = await api.call('GET', path, { token });
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      }
      const result = {
        probe,
        p95: percentile(times, 95),
        median: median(times),
        total: Math.round(total / probe.paths.length),
      };
      probes.push(result);
      log(
        `${kind} ${probe.name}: p95 ${result.p95.toFixed(2)} ms, median ${result.median.toFixed(2)} ms over ${calls} calls (${result.total} found on average)`,
      );
    }

    // Every probe's reads, captured as the services issue them (one call of each path), explained.
    const plans = await plansOf(db, async () => {
      for (const probe of PROBES)
        for (const path of probe.paths)
          await apis[probe.api].call('GET', path, {
            token: probe.kind === 'baseline' ? nobody.token : decade.token,
          });
    });
    onPlans?.({ figure: '7', kind, what: 'search and insights', plans });
    return { kind, calls, probes };
  } finally {
    await journalsServer.close();
    await goalsServer.close();
    await database.close();
  }
}

/** Figure 7: search and insights for the ten-year user on each database kind. */
export async function searchBench(
  kinds: readonly DatabaseKind[] = DATABASE_KINDS,
  options: {
    calls?: number;
    log?: (line: string) => void;
    /** The plan of every search and insights read, per database kind (see bench/_plans.ts). */
    onPlans?: (plans: PlanSet) => void;
  } = {},
): Promise<SearchResult[]> {
  const results = [];
  for (const kind of kinds)
    results.push(
      await run(kind, options.calls ?? CALLS, options.log ?? console.log, options.onPlans),
    );
  return results;
}

export function searchRows(results: SearchResult[]): Row[] {
  return results.flatMap((r) =>
    r.probes.map(({ probe, p95, median: mid, total }) => {
      const goal = probe.kind === 'search' ? 50 : probe.kind === 'insights' ? 20 : null;
      const informative = probe.kind === 'baseline' ? 'the floor: any call' : 'informative';
      return {
        figure: '7',
        measure: `${probe.name}, ${r.kind} (p95 of ${r.calls}; ${total} found)`,
        value: `${ms(p95)} (median ${ms(mid)})`,
        goal: goal === null ? informative : `p95 ≤ ${goal} ms`,
        met: goal === null ? null : p95 <= goal,
      };
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv
    .slice(2)
    .filter((arg): arg is DatabaseKind => (DATABASE_KINDS as readonly string[]).includes(arg));
  await searchBench(wanted.length ? wanted : DATABASE_KINDS, {
    calls: Number(process.env.BENCH_CALLS ?? CALLS),
    onPlans: (plans) => console.log(planLines(plans).join('\n')),
  });
}
