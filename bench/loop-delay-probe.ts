/**
 * Event-loop delay inside a server process, without touching its code: load it with
 * `NODE_OPTIONS="--import tsx --import ./bench/loop-delay-probe.ts"`. It samples with
 * perf_hooks.monitorEventLoopDelay and, on SIGUSR2 (and at exit), writes the histogram since the
 * previous dump to `BENCH_LOOP_DELAY_FILE` as JSON, then starts a new one.
 *
 * The histogram records the time between timer ticks of `RESOLUTION_MS`, so the delay is that
 * minus the resolution (as Fastify's under-pressure computes it).
 *
 * With `BENCH_CPU_PROF` naming a folder it also records a CPU profile of the whole run and writes
 * it there at exit (`--cpu-prof` is not allowed in NODE_OPTIONS); open it in Chrome DevTools.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const RESOLUTION_MS = 10;

export type LoopDelay = {
  pid: number;
  seq: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
};

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let seq = 0;
  const delay = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  const dump = () => {
    const report: LoopDelay = {
      pid: process.pid,
      seq: ++seq,
      samples: histogram.count,
      p50: delay(histogram.percentile(50)),
      p99: delay(histogram.percentile(99)),
      max: delay(histogram.max),
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  };
  process.on('SIGUSR2', dump);
  process.on('exit', dump);
}

const profileDir = process.env.BENCH_CPU_PROF;
if (profileDir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // The in-process inspector answers synchronously, so this completes inside the exit handler.
    session.post('Profiler.stop', (err, result) => {
      if (!err)
        writeFileSync(
          join(profileDir, `${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}
