/**
 * `npm run bench`: starts what each figure needs, measures, prints the table of figures with
 * their goals, and writes it to bench/RESULTS.md with the machine and the date. A missed goal is
 * a finding, not a failure: the exit code is non-zero only when the harness itself broke.
 *
 * Knobs (environment):
 *   BENCH_SECONDS=10      seconds of measured load per run (figures 1 and 3)
 *   BENCH_WARMUP=2        seconds of unmeasured load before each run
 *   BENCH_ROUNDS=3        rounds per comparison (contenders alternate within a round)
 *   BENCH_CONNECTIONS=50  autocannon connections
 *   BENCH_API_TOPOLOGIES=embedded,distributed   figure 1's contenders (embedded alone skips MariaDB)
 *   BENCH_CALLS=200       calendar calls per user (figure 2)
 *   BENCH_CALENDAR_KINDS=mariadb,sqlite
 *   BENCH_CALENDAR_TOPOLOGIES=in-process,distributed   (distributed runs on MariaDB only)
 *   BENCH_MAILS=50        send-code → SMTP sink samples (figure 4)
 *   BENCH_LOADS=5         cold page loads per page and throttling (figure 5)
 *   BENCH_SEARCH_KINDS=mariadb,sqlite   databases of figure 7 (search and insights)
 *   BENCH_REMINDER_ACCOUNTS=1000000 BENCH_REMINDERS_DUE=100000   figure 10's schedule rows and due ones
 *   BENCH_ONLY=api,calendar,search,archive,reminders,logins,mail,frontend,memory,pages   a subset of figures
 *   BENCH_OUT=bench/RESULTS.md   where to write the table ('' to skip)
 *   BENCH_CPU_PROF=/dir   CPU profiles of the embedded gateway (and probed processes) at exit
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  codeFrom,
  REPO_ROOT,
  startDistributedSystem,
  type DistributedSystem,
  type RunningProcess,
  type SmtpSink,
} from '@dayframe/test-kit';
import { call, createJournals, verifiedUser } from './_http.ts';
import {
  JWT_PRIVATE_KEY,
  startBareKoa,
  startBareNode,
  startEmbeddedGateway,
} from './_processes.ts';
import { markdownTable, textTable, type Row } from './_table.ts';
import { planLines, planRow, type PlanSet } from './_plans.ts';
import { apiRows, apiThroughput, type LoadSettings, type Target } from './api-throughput.ts';
import { calendarBench, calendarRows, topologiesFromEnv } from './calendar.bench.ts';
import { searchBench, searchRows } from './search.bench.ts';
import { archiveBench, archiveRows, namingBench, namingRows } from './archive.bench.ts';
import { remindersBench, remindersRows } from './reminders.bench.ts';
import { createLoginAccounts, loginRows, loginsUnderLoad } from './logins.ts';
import { mailLatency, mailRows } from './mail-latency.ts';
import { frontEnd, frontEndFiles, frontEndRows } from './front-end.ts';
import { publicPagesBench, publicPagesFiles, publicPagesRows } from './public-pages.bench.ts';
import { idleMemory, memoryAfterLoad, memoryRows, type MemoryReading } from './memory.ts';
import type { DatabaseKind } from '@dayframe/test-kit';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const settings: LoadSettings = {
  rounds: num('BENCH_ROUNDS', 3),
  seconds: num('BENCH_SECONDS', 10),
  warmupSeconds: num('BENCH_WARMUP', 2),
  connections: num('BENCH_CONNECTIONS', 50),
};
type Figure =
  | 'calendar'
  | 'search'
  | 'archive'
  | 'reminders'
  | 'api'
  | 'logins'
  | 'memory'
  | 'mail'
  | 'frontend'
  | 'pages';
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const wants = (figure: Figure) => only.length === 0 || only.includes(figure);
const BCRYPT_COST = 12;

const rows: Row[] = [];
const failures: string[] = [];
const notes: string[] = [];
const log = (line: string) => console.log(line);
const started = new Date();
const loadBefore = loadavg();

/** Runs one figure; a crash is recorded as a row and the run goes on with the others. */
async function figure(name: string, number: string, body: () => Promise<Row[]>) {
  log(`\n== figure ${number}: ${name}`);
  const t = performance.now();
  try {
    rows.push(...(await body()));
  } catch (error) {
    const message = (error as Error).stack ?? String(error);
    console.error(message);
    for (const [label, p] of watched) {
      if (p.child.exitCode === null && p.child.signalCode === null) continue;
      const died = `${label} (pid ${p.child.pid}) exited: code ${p.child.exitCode}, signal ${p.child.signalCode}`;
      console.error(`${died}; its last output:\n${p.output().split('\n').slice(-15).join('\n')}`);
      if (!notes.includes(died)) notes.push(`- ${died}`);
    }
    failures.push(`figure ${number} (${name}): ${(error as Error).message}`);
    rows.push({
      figure: number,
      measure: `${name}: did not run`,
      value: (error as Error).message.split('\n')[0]!.slice(0, 120),
      goal: '',
      met: null,
    });
  }
  log(`   (${((performance.now() - t) / 1000).toFixed(0)} s)`);
}

const cleanups: (() => Promise<unknown>)[] = [];
/** Processes whose death is reported when a figure fails. */
const watched = new Map<string, RunningProcess>();
async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error('cleanup:', (error as Error).message);
    }
  }
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));

try {
  // ---- figure 2 first, alone on the machine: it seeds ~22,000 rows per database.
  if (wants('calendar'))
    await figure('calendar at scale', '2', async () => {
      const kinds = (process.env.BENCH_CALENDAR_KINDS ?? 'mariadb,sqlite').split(
        ',',
      ) as DatabaseKind[];
      const plans: PlanSet[] = [];
      const results = await calendarBench(kinds, {
        calls: num('BENCH_CALLS', 200),
        topologies: topologiesFromEnv(),
        log: (line) => log(`  ${line.trim()}`),
        onPlans: (set) => plans.push(set),
      });
      notes.push(
        "Query plans of the content services' reads (from figure 2):",
        '```',
        ...plans.flatMap(planLines),
        '```',
      );
      return [...calendarRows(results), ...plans.map(planRow)];
    });

  // ---- figure 7, also alone: it seeds ~8,000 entries and ~3,000 goals per database.
  if (wants('search'))
    await figure('search and insights for the 10-year user', '7', async () => {
      const kinds = (process.env.BENCH_SEARCH_KINDS ?? 'mariadb,sqlite').split(
        ',',
      ) as DatabaseKind[];
      const plans: PlanSet[] = [];
      const results = await searchBench(kinds, {
        calls: num('BENCH_CALLS', 200),
        log: (line) => log(`  ${line.trim()}`),
        onPlans: (set) => plans.push(set),
      });
      notes.push(
        '',
        'Query plans of search and insights (from figure 7):',
        '```',
        ...plans.flatMap(planLines),
        '```',
      );
      return [...searchRows(results), ...plans.map(planRow)];
    });

  // ---- figure 8: export and import of the 10-year user (issue 16), MariaDB.
  if (wants('archive'))
    await figure('export and import of the 10-year user', '8', async () => [
      ...namingRows(namingBench((line) => log(`  ${line}`))),
      ...archiveRows(await archiveBench((line) => log(`  ${line}`))),
    ]);

  // ---- figure 10: reminders at scale (issue 27), MariaDB and BullMQ; it seeds a million rows.
  if (wants('reminders'))
    await figure('a minute of 100,000 due reminders', '10', async () => {
      const result = await remindersBench({
        accounts: num('BENCH_REMINDER_ACCOUNTS', 1_000_000),
        due: num('BENCH_REMINDERS_DUE', 100_000),
        log: (line) => log(`  ${line}`),
      });
      notes.push(
        '',
        'Query plans of the due sweep (from figure 10):',
        '```',
        ...planLines(result.plans),
        '```',
      );
      return remindersRows(result);
    });

  // ---- figures 1, 3 and 6 share the running processes; figure 4 uses the distributed ones.
  const needEmbedded = wants('api') || wants('logins') || wants('memory');
  const apiTopologies = (process.env.BENCH_API_TOPOLOGIES ?? 'embedded,distributed').split(',');
  const apiDistributed = wants('api') && apiTopologies.includes('distributed');
  const needDistributed = apiDistributed || wants('mail');
  let embedded: Awaited<ReturnType<typeof startEmbeddedGateway>> | undefined;
  let embeddedToken = '';
  let idle: MemoryReading | undefined;
  let distributed: DistributedSystem | undefined;
  let sink: SmtpSink | undefined;
  let distributedToken = '';
  const runId = randomBytes(3).toString('hex');

  if (needEmbedded || needDistributed) {
    log('\n== starting the app');
    if (needEmbedded) {
      embedded = await startEmbeddedGateway(BCRYPT_COST);
      cleanups.push(() => embedded!.stop());
      watched.set('embedded gateway', embedded.gateway);
      idle = await idleMemory(embedded.gateway.pid);
      embeddedToken = await verifiedUser(
        embedded.url,
        `bench-${runId}@example.com`,
        embedded.readCode,
      );
      await createJournals(embedded.url, embeddedToken, 20);
      log(
        `  embedded gateway ${embedded.url} (pid ${embedded.gateway.pid}), user with 20 journals`,
      );
    }
    if (needDistributed) {
      distributed = await startDistributedSystem({
        env: {
          DATABASE_PREFIX: `dfb_${runId}`,
          JWT_PRIVATE_KEY,
          BCRYPT_COST: String(BCRYPT_COST),
          SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
          SIGNUPS_PER_MINUTE: '100000',
        },
      });
      cleanups.push(() => distributed!.stop());
      sink = distributed.sink;
      for (const [name, p] of Object.entries(distributed.processes))
        watched.set(`distributed ${name}`, p);
      const mailSink = distributed.sink;
      distributedToken = await verifiedUser(
        distributed.gatewayUrl,
        `bench-${runId}@example.com`,
        async (email) => codeFrom(await mailSink.waitFor((m) => m.to.includes(email))),
      );
      await createJournals(distributed.gatewayUrl, distributedToken, 20);
      log(
        `  distributed gateway ${distributed.gatewayUrl}, journals ${distributed.processes.journals.url} (MariaDB ${distributed.databases.names.journals})`,
      );
    }
  }

  if (wants('api'))
    await figure('API through the gateway', '1', async () => {
      const sample = await call(embedded!.url, 'GET', '/api/journals', { token: embeddedToken });
      const bare = await startBareKoa(sample.body);
      const node = await startBareNode();
      try {
        const targets: Target[] = [
          { name: 'bare node:http', url: `${node.url}/` },
          { name: 'bare Koa', url: `${bare.url}/api/journals` },
          { name: 'embedded gateway', url: `${embedded!.url}/api/journals`, token: embeddedToken },
        ];
        if (apiDistributed)
          targets.push(
            {
              name: 'journals direct',
              url: `${distributed!.processes.journals.url}/api/journals`,
              token: distributedToken,
            },
            {
              name: 'distributed gateway',
              url: `${distributed!.gatewayUrl}/api/journals`,
              token: distributedToken,
            },
          );
        return apiRows(await apiThroughput(targets, settings, log), settings.connections);
      } finally {
        // Killed by the signal (no handler), so stop only once: a second stop() would wait for
        // an exit that already happened (test-kit's stop() checks exitCode, not signalCode).
        await bare.stop();
        await node.stop();
      }
    });

  if (wants('logins'))
    await figure('logins do not stall the app', '3', async () => {
      const emails = await createLoginAccounts(embedded!.url, `bench-${runId}`);
      const runs = await loginsUnderLoad(
        { name: 'embedded gateway', url: `${embedded!.url}/api/journals`, token: embeddedToken },
        embedded!.gateway,
        emails,
        settings,
        log,
      );
      return loginRows(runs);
    });

  if (wants('memory'))
    await figure('memory of the embedded gateway', '6', async () => {
      const after = wants('api') || wants('logins') ? memoryAfterLoad(embedded!.gateway.pid) : null;
      return memoryRows(idle!, after);
    });

  if (wants('mail'))
    await figure('mail latency', '4', async () =>
      mailRows(
        await mailLatency(
          distributed!.gatewayUrl,
          sink!,
          { sends: num('BENCH_MAILS', 50), prefix: `bench-${runId}` },
          log,
        ),
      ),
    );

  await cleanup();

  // Figures 5 and 9 run against the built front ends: rebuild what is stale, once.
  let built = false;
  const buildFrontEnds = () => {
    if (built) return;
    built = true;
    log('  building stale front ends (scripts/ensure-web-build.ts)');
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-web-build.ts'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  };

  if (wants('frontend'))
    await figure('front end', '5', async () => {
      buildFrontEnds();
      const options = { loads: num('BENCH_LOADS', 5), throttle: 4 };
      const result = await frontEnd(options, log);
      notes.push('', 'JS of figure 5, gzipped:', '', ...frontEndFiles(result), '');
      return frontEndRows(result, options.throttle, options.loads);
    });

  if (wants('pages'))
    await figure('public pages', '9', async () => {
      buildFrontEnds();
      const options = { loads: num('BENCH_LOADS', 5), throttle: 4 };
      const result = await publicPagesBench(options, log);
      notes.push('', 'JS of figure 9:', '', ...publicPagesFiles(result), '');
      return publicPagesRows(result, options.throttle, options.loads);
    });
} catch (error) {
  console.error((error as Error).stack ?? error);
  failures.push(`harness: ${(error as Error).message}`);
} finally {
  await cleanup();
}

// ---- the table
const loadAfter = loadavg();
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${process.platform} ${process.arch}`;
const load = `load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')} at start, ${loadAfter.map((v) => v.toFixed(2)).join(' ')} at end`;
const missed = rows.filter((r) => r.met === false);
log(`\n${textTable(rows)}\n`);
log(`${machine}; ${load}`);
log(
  `${rows.filter((r) => r.met === true).length} goals met, ${missed.length} missed${failures.length ? `, ${failures.length} figure(s) did not run` : ''}`,
);

const out = process.env.BENCH_OUT ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));
if (out) {
  // A hand-written "## Findings" section (causes of missed goals) survives a new run.
  let findings = '';
  try {
    const previous = readFileSync(out, 'utf8');
    const at = previous.indexOf('\n## Findings');
    if (at >= 0) findings = previous.slice(at + 1);
  } catch {
    // first run
  }
  const md = [
    '# Dayframe benchmarks',
    '',
    `Written by \`npm run bench\` on ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC (${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min).`,
    '',
    `- Machine: ${machine}.`,
    `- Load on the machine: ${load} (other work shares these cores; every comparison is a ratio measured in the same rounds).`,
    `- Settings: ${settings.rounds} rounds, ${settings.seconds} s of load (+${settings.warmupSeconds} s warm-up) per run, ${settings.connections} connections, autocannon 8 in a child process; bcrypt cost ${BCRYPT_COST}.`,
    '',
    markdownTable(rows),
    '',
    failures.length
      ? ['Figures that did not run:', '', ...failures.map((f) => `- ${f}`), ''].join('\n')
      : '',
    'How each figure is measured: see the comment at the top of its file in `bench/`.',
    '',
    ...notes,
    '',
    findings,
  ].join('\n');
  writeFileSync(out, md);
  log(`written to ${out}`);
}
process.exit(failures.length ? 1 : 0);
