import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '@dayframe/launcher';

/**
 * What the resilience and security suites did, one JSON line per record. Test files run in
 * separate processes, so they append here and the run's reporter prints one table at the end.
 */
export function summaryFile(runPid: number): string {
  return join(REPO_ROOT, '.test-artifacts', `resilience-${runPid}.jsonl`);
}

// Test files run in worker processes forked by the vitest process that prints the table, so
// the worker's parent names the run (two runs at once never mix their tables).
const SUMMARY_FILE = summaryFile(process.ppid);

export type FaultRecord = {
  type: 'fault';
  fault: string;
  survived: boolean;
  requests: number;
  writesAcknowledged: number;
  writesFound: number;
};
/** `unchanged`: attacks after which the suite checked that nothing had changed, and it held. */
export type AttackRecord = {
  type: 'attack';
  kind: string;
  tried: number;
  refused: number;
  unchanged?: number;
};

/**
 * A finding of a security review (numbered as in its issue) and what the suite showed: the
 * attack was `refused`, or the system `survived` it (answered others, stayed up, wrote once).
 */
export type FindingRecord = {
  type: 'finding';
  finding: string;
  outcome: 'refused' | 'survived' | 'FAILED';
};

type SummaryRecord = FaultRecord | AttackRecord | FindingRecord;

function append(record: SummaryRecord): void {
  mkdirSync(dirname(SUMMARY_FILE), { recursive: true });
  appendFileSync(SUMMARY_FILE, `${JSON.stringify(record)}\n`);
}

export function recordFault(fault: Omit<FaultRecord, 'type'>): void {
  append({ type: 'fault', ...fault });
}

export function recordAttacks(
  kind: string,
  tried: number,
  refused: number,
  unchanged?: number,
): void {
  append({
    type: 'attack',
    kind,
    tried,
    refused,
    ...(unchanged === undefined ? {} : { unchanged }),
  });
}

/**
 * Runs `check` (which asserts) for a review finding, e.g. `'R3-1 198 MB JSON in a 2 MB zip'`,
 * and records `outcome` when every assertion held, `FAILED` when one did not (then rethrows).
 */
export async function finding<T>(
  name: string,
  outcome: 'refused' | 'survived',
  check: () => Promise<T>,
): Promise<T> {
  try {
    const result = await check();
    append({ type: 'finding', finding: name, outcome });
    return result;
  } catch (error) {
    append({ type: 'finding', finding: name, outcome: 'FAILED' });
    throw error;
  }
}
