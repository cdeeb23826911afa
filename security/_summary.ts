// The attack ledger every security suite writes to, and the one table the last of them prints.
//
// Vitest runs each test file in its own worker process, so the ledger is a file shared by the
// workers of one run (named after the vitest process), not a variable. Any suite may add rows:
// `recordAttack('login brute force', refused)` for an attack, or `record(kind, ok)` for any
// other count (faults injected and survived, requests served, writes kept).
import { appendFileSync, closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SECURITY_DIR = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = join(SECURITY_DIR, '..');

type Line = { kind: string; ok: boolean } | { suite: string };

/** One ledger per vitest run: the parent process id plus its start time (pids are reused). */
function runKey(): string {
  let started = '0';
  try {
    // Field 22 of /proc/<pid>/stat is the start time; the name in field 2 may hold spaces.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '0';
  } catch {
    // not Linux: the pid alone will do
  }
  return `${process.ppid}-${started}`;
}

const LEDGER = join(tmpdir(), `dayframe-security-${runKey()}.jsonl`);

function append(line: Line): void {
  appendFileSync(LEDGER, `${JSON.stringify(line)}\n`);
}

/** Counts one attack of `kind`, and whether the application refused it as it should. */
export function recordAttack(kind: string, refused: boolean): void {
  append({ kind, ok: refused });
}

/** The same ledger for counts that are not attacks (the last column then reads "ok"). */
export const record = recordAttack;

/** Runs `attempt` (which asserts), counting it as refused when every assertion held. */
export async function attack<T>(kind: string, attempt: () => Promise<T>): Promise<T> {
  try {
    const result = await attempt();
    recordAttack(kind, true);
    return result;
  } catch (error) {
    recordAttack(kind, false);
    throw error;
  }
}

function readLedger(): Line[] {
  try {
    return readFileSync(LEDGER, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  } catch {
    return [];
  }
}

/** The table of everything recorded in this run so far: kind, tried, refused. */
export function summaryTable(): string {
  const rows = new Map<string, { tried: number; refused: number }>();
  for (const line of readLedger()) {
    if (!('kind' in line)) continue;
    const row = rows.get(line.kind) ?? { tried: 0, refused: 0 };
    row.tried += 1;
    if (line.ok) row.refused += 1;
    rows.set(line.kind, row);
  }
  const body = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total = body.reduce(
    (sum, [, r]) => ({ tried: sum.tried + r.tried, refused: sum.refused + r.refused }),
    { tried: 0, refused: 0 },
  );
  const all: [string, string, string][] = [
    ['attack', 'tried', 'refused'],
    ...body.map(([kind, r]): [string, string, string] => [kind, `${r.tried}`, `${r.refused}`]),
    ['total', `${total.tried}`, `${total.refused}`],
  ];
  const width = [0, 1, 2].map((i) => Math.max(...all.map((r) => r[i as 0 | 1 | 2].length)));
  const format = (r: [string, string, string]) =>
    `| ${r[0].padEnd(width[0]!)} | ${r[1].padStart(width[1]!)} | ${r[2].padStart(width[2]!)} |`;
  const rule = `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [format(all[0]!), rule, ...all.slice(1, -1).map(format), rule, format(all.at(-1)!)].join(
    '\n',
  );
}

/** Prints the table of this run (to the test's stdout) and returns it. */
export function printSummary(): string {
  const table = summaryTable();
  console.log(`\nSecurity suites: attacks tried and refused\n${table}\n`);
  return table;
}

/**
 * The security suites this run will execute: every `security/*.test.ts`, narrowed by the file
 * filters vitest was started with when one of them names a security file.
 */
function suitesOfThisRun(): string[] | null {
  const files = readdirSync(SECURITY_DIR)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => relative(REPO_ROOT, join(SECURITY_DIR, f)));
  let args: string[];
  try {
    args = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
  const commands = new Set(['run', 'watch', 'dev', 'related']);
  const filters = args
    .slice(1)
    .filter((a) => !a.startsWith('-') && !commands.has(a) && !/vitest|node$/.test(a));
  const chosen = files.filter((f) => filters.some((filter) => f.includes(filter)));
  return chosen.length ? chosen : files;
}

/**
 * Marks a suite finished. The suite that finds every suite of the run finished prints the
 * table, once; when the run's suites can't be known, every suite prints the table so far.
 */
export function finishSuite(testFile: string): void {
  const name = relative(
    REPO_ROOT,
    testFile.startsWith('file:') ? fileURLToPath(testFile) : testFile,
  );
  append({ suite: name });
  const expected = suitesOfThisRun();
  if (!expected) {
    printSummary();
    return;
  }
  const done = new Set(readLedger().flatMap((l) => ('suite' in l ? [l.suite] : [])));
  if (!expected.every((suite) => done.has(suite))) return;
  try {
    closeSync(openSync(`${LEDGER}.printed`, 'wx'));
  } catch {
    return; // another suite finished at the same moment and printed it
  }
  printSummary();
}
