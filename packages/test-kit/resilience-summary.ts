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

function append(record: FaultRecord | AttackRecord): void {
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
