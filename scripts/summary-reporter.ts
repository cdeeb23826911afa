// Closes a run with the resilience table (when those suites ran), the ten slowest test files
// (where the suite's time goes, issue 30) and one line, `N passed, N failed`, that any CI log
// reader understands.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import {
  summaryFile,
  type AttackRecord,
  type FaultRecord,
  type FindingRecord,
} from '../packages/test-kit/resilience-summary.ts';

// The suites' workers write under this process's id (see resilience-summary.ts).
const SUMMARY_FILE = summaryFile(process.pid);

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    // A file can fail with none of its tests failing (a beforeAll or afterAll that threw, its
    // tests then skipped): it counts once, and is named with its error below, where a CI
    // log reader looks.
    const failedFiles: string[] = [];
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      let testsFailed = 0;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') testsFailed += 1;
        else skipped += 1;
      }
      failed += testsFailed;
      if (module.state() === 'failed' && testsFailed === 0) failed += 1;
      if (module.state() === 'failed') failedFiles.push(failedFile(module));
    }
    const table = resilienceTable();
    rmSync(SUMMARY_FILE, { force: true });
    if (table) process.stdout.write(`\n${table}\n`);
    if (testModules.length > 10) process.stdout.write(`\n${slowestFiles(testModules)}\n`);
    if (failedFiles.length) process.stdout.write(`\nfailed files:\n${failedFiles.join('\n')}\n`);
    process.stdout.write(
      `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}

/** `file: first line of its first error`, for a failure that names no test. */
function failedFile(module: TestModule): string {
  const file = relative(process.cwd(), module.moduleId);
  const errors = [
    ...module.errors(),
    ...[...module.children.allTests()].flatMap((t) => t.result().errors ?? []),
    ...[...module.children.allSuites()].flatMap((s) => s.errors()),
  ];
  const lines = (errors[0]?.message ?? 'failed').split('\n').filter((line) => line.trim());
  // A process that exited puts its own output after the first line, the cause at its end
  // (only the tail of a CI log is kept, so this is where it must be).
  const tail = lines.slice(1).slice(-FAILURE_TAIL_LINES);
  return [
    `- ${file}: ${lines[0]?.slice(0, 200)}`,
    ...tail.map((l) => `    ${l.slice(0, 200)}`),
  ].join('\n');
}

/** How many of a failure message's last lines are printed under its first. */
const FAILURE_TAIL_LINES = 6;

function resilienceTable(): string | null {
  if (!existsSync(SUMMARY_FILE)) return null;
  const records = readFileSync(SUMMARY_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FaultRecord | AttackRecord | FindingRecord);
  const faults = records.filter((r): r is FaultRecord => r.type === 'fault');
  // `unchanged` is null for attacks whose suite does not check the state afterwards.
  const attacks = new Map<string, { tried: number; refused: number; unchanged: number | null }>();
  for (const r of records) {
    if (r.type !== 'attack') continue;
    const row = attacks.get(r.kind) ?? { tried: 0, refused: 0, unchanged: null };
    attacks.set(r.kind, {
      tried: row.tried + r.tried,
      refused: row.refused + r.refused,
      unchanged:
        r.unchanged === undefined && row.unchanged === null
          ? null
          : (row.unchanged ?? 0) + (r.unchanged ?? 0),
    });
  }
  // A finding shown by several tests is as good as its worst: one FAILED marks the row.
  const findings = new Map<string, string>();
  for (const r of records)
    if (r.type === 'finding' && findings.get(r.finding) !== 'FAILED')
      findings.set(r.finding, r.outcome);
  const findingRows = [...findings.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([name, outcome]) => [name, outcome]);
  const sum = <T>(items: T[], pick: (item: T) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  const faultRows = faults.map((f) => [
    f.fault,
    f.survived ? 'yes' : 'NO',
    `${f.requests}`,
    `${f.writesAcknowledged}`,
    `${f.writesFound}`,
  ]);
  const attackRows = [...attacks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, r]) => [
      kind,
      `${r.tried}`,
      `${r.refused}`,
      r.unchanged === null ? '-' : `${r.unchanged}`,
    ]);
  const totals = [
    ['faults injected', `${faults.length}`],
    ['faults survived', `${faults.filter((f) => f.survived).length}`],
    ['requests sent', `${sum(faults, (f) => f.requests)}`],
    ['writes acknowledged', `${sum(faults, (f) => f.writesAcknowledged)}`],
    ['writes found', `${sum(faults, (f) => f.writesFound)}`],
    ['attacks tried', `${sum([...attacks.values()], (a) => a.tried)}`],
    ['attacks refused', `${sum([...attacks.values()], (a) => a.refused)}`],
  ];
  return [
    faultRows.length
      ? table(['fault', 'survived', 'requests', 'writes acknowledged', 'writes found'], faultRows)
      : '',
    attackRows.length ? table(['attack', 'tried', 'refused', 'nothing changed'], attackRows) : '',
    findingRows.length ? table(['review finding', 'outcome'], findingRows) : '',
    table(['Resilience and security', 'total'], totals),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The ten files that took longest, from the start of their import to their last test: the
 * import and collect time (transforming TypeScript, starting servers at the top of a file)
 * beside the time in tests and hooks.
 */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const rows = testModules
    .map((module) => {
      const d = module.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.collectDuration;
      return { file: relative(process.cwd(), module.moduleId), setup, tests: d.duration };
    })
    .sort((a, b) => b.setup + b.tests - (a.setup + a.tests))
    .slice(0, 10)
    .map((r) => [r.file, seconds(r.setup + r.tests), seconds(r.setup), seconds(r.tests)]);
  return table(['slowest files', 'seconds', 'import and collect', 'tests and hooks'], rows);
}

/** A Markdown table, numbers right-aligned. */
function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const width = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(width[i]!) : cell.padStart(width[i]!))).join(' | ')} |`;
  const rule = `|${width.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
