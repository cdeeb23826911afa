/**
 * Figure 6: resident memory (VmRSS from /proc/<pid>/status) of the embedded gateway process,
 * idle after start and seeding, and again right after figure 1's (and figure 3's) load.
 */
import { memoryOf } from './_processes.ts';
import { mb, type Row } from './_table.ts';

export const MEMORY_GOAL_BYTES = 250 * 1024 * 1024;

export type MemoryReading = { rss: number; peak: number };

export async function idleMemory(pid: number): Promise<MemoryReading> {
  await new Promise((r) => setTimeout(r, 1_000)); // let start-up garbage be collected
  return memoryOf(pid);
}

export const memoryAfterLoad = (pid: number): MemoryReading => memoryOf(pid);

export function memoryRows(idle: MemoryReading, after: MemoryReading | null): Row[] {
  const rows: Row[] = [
    {
      figure: '6',
      measure: 'embedded gateway RSS, idle',
      value: mb(idle.rss),
      goal: '≤ 250 MB',
      met: idle.rss <= MEMORY_GOAL_BYTES,
    },
  ];
  if (after)
    rows.push({
      figure: '6',
      measure: 'embedded gateway RSS after the API load (peak)',
      value: `${mb(after.rss)} (peak ${mb(after.peak)})`,
      goal: '≤ 250 MB',
      met: after.rss <= MEMORY_GOAL_BYTES && after.peak <= MEMORY_GOAL_BYTES,
    });
  return rows;
}
