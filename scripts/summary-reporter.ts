// Closes a run with the resilience table (when those suites ran) and one line,
// `N passed, N failed`, that any CI log reader understands.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { SUMMARY_FILE, type AttackRecord, type FaultRecord } from '../packages/test-kit/resilience-summary.ts';

export default class SummaryReporter implements Reporter {
  onInit() {
    rmSync(SUMMARY_FILE, { force: true });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      if (module.state() === 'failed' && tests.length === 0) failed += 1;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const table = resilienceTable();
    if (table) process.stdout.write(`\n${table}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

function resilienceTable(): string | null {
  if (!existsSync(SUMMARY_FILE)) return null;
  const records = readFileSync(SUMMARY_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FaultRecord | AttackRecord);
  const faults = records.filter((r): r is FaultRecord => r.type === 'fault');
  const attacks = records.filter((r): r is AttackRecord => r.type === 'attack');
  const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
  const rows: [string, number][] = [
    ['faults injected', faults.length],
    ['faults survived', faults.filter((f) => f.survived).length],
    ['requests sent', sum(faults, (f) => f.requests)],
    ['writes acknowledged', sum(faults, (f) => f.writesAcknowledged)],
    ['writes found', sum(faults, (f) => f.writesFound)],
    ['attacks tried', sum(attacks, (a) => a.tried)],
    ['attacks refused', sum(attacks, (a) => a.refused)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['Resilience and security', ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join('\n');
}
