/**
 * Figure 1: GET /api/journals with a token (a verified user with 20 journals), 50 connections,
 * through the embedded gateway (SQLite, one process) and the distributed one (MariaDB, a process
 * per service). Beside them in the same rounds: a bare `node:http` hello-world (the floor the
 * issue's ratio is taken against), a bare Koa app answering the same JSON, and the journals
 * service hit directly on its own port. autocannon runs in a child process. Each run notes the
 * machine's 1-minute load average, shown beside its figures: the machine is shared.
 *
 * Contenders take turns, and each round starts with a different one, so a busy moment on the
 * machine does not fall on one contender only; every ratio is the median of per-round ratios.
 */
import { loadavg } from 'node:os';
import { load, type LoadResult } from './_load.ts';
import { median, medianRatio } from './_stats.ts';
import { ms, rps, times, type Row } from './_table.ts';

export type Target = { name: string; url: string; token?: string };
/** A run and the 1-minute load average at its end. */
export type ApiRun = LoadResult & { loadAverage: number };
export type ApiRuns = Record<string, ApiRun[]>;

export type LoadSettings = {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
};

export function loadTarget(target: Target, settings: LoadSettings): Promise<LoadResult> {
  return load({
    url: target.url,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : undefined,
    connections: settings.connections,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
  });
}

export async function apiThroughput(
  targets: Target[],
  settings: LoadSettings,
  log: (line: string) => void = console.log,
): Promise<ApiRuns> {
  const runs: ApiRuns = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(i + round) % targets.length]!;
      const result = { ...(await loadTarget(target, settings)), loadAverage: loadavg()[0]! };
      runs[target.name]!.push(result);
      log(
        `  round ${round + 1} ${target.name.padEnd(20)} ${rps(result.rps).padStart(12)}  p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  load ${result.loadAverage.toFixed(2)}`,
      );
    }
  }
  return runs;
}

/** The figure-1 rows: medians over rounds, ratios of contenders measured in the same round. */
export function apiRows(runs: ApiRuns, connections: number): Row[] {
  const rpsOf = (name: string) => runs[name]!.map((r) => r.rps);
  const p99Of = (name: string) => median(runs[name]!.map((r) => r.p99));
  const loadOf = (name: string) => median(runs[name]!.map((r) => r.loadAverage)).toFixed(2);
  const embeddedToNode = medianRatio(rpsOf('embedded gateway'), rpsOf('bare node:http'));
  const embeddedToKoa = medianRatio(rpsOf('embedded gateway'), rpsOf('bare Koa'));
  const describe = (name: string) =>
    `${rps(median(rpsOf(name)))}, p99 ${ms(p99Of(name))} (load ${loadOf(name)})`;
  const embeddedP99 = p99Of('embedded gateway');
  const rows: Row[] = [
    {
      figure: '1',
      measure: `bare node:http hello-world (${connections} conn.)`,
      value: describe('bare node:http'),
      goal: 'the floor',
      met: null,
    },
    {
      figure: '1',
      measure: 'bare Koa, constant JSON',
      value: describe('bare Koa'),
      goal: 'baseline',
      met: null,
    },
    {
      figure: '1',
      measure: 'embedded gateway GET /api/journals (SQLite, 20 journals)',
      value: describe('embedded gateway'),
      goal: '',
      met: null,
    },
    {
      figure: '1',
      measure: 'embedded ÷ bare node:http throughput',
      value: `${times(embeddedToNode)} (load ${loadOf('embedded gateway')})`,
      goal: '≥ 0.09×',
      met: embeddedToNode >= 0.09,
    },
    {
      figure: '1',
      measure: 'embedded ÷ bare Koa throughput',
      value: times(embeddedToKoa),
      goal: '≥ 0.25×',
      met: embeddedToKoa >= 0.25,
    },
    {
      figure: '1',
      measure: 'embedded gateway p99',
      value: `${ms(embeddedP99)} (load ${loadOf('embedded gateway')})`,
      goal: '≤ 25 ms',
      met: embeddedP99 <= 25,
    },
  ];
  // The distributed contenders run unless BENCH_API_TOPOLOGIES leaves them out.
  if (!runs['distributed gateway']) return rows;
  const distributedRatio = medianRatio(rpsOf('distributed gateway'), rpsOf('journals direct'));
  rows.push(
    {
      figure: '1',
      measure: 'journals service direct (MariaDB)',
      value: describe('journals direct'),
      goal: 'baseline',
      met: null,
    },
    {
      figure: '1',
      measure: 'distributed gateway GET /api/journals (MariaDB)',
      value: describe('distributed gateway'),
      goal: '',
      met: null,
    },
    {
      figure: '1',
      measure: 'distributed gateway ÷ journals direct',
      value: times(distributedRatio),
      goal: '≥ 0.4×',
      met: distributedRatio >= 0.4,
    },
  );
  return rows;
}
