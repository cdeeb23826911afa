// The processes a benchmark measures: the embedded gateway (with the loop-delay probe), the bare
// node:http and Koa baselines, and reading a process's resident memory and event-loop delay.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, testTokenKeys, type RunningProcess } from '@dayframe/test-kit';
import type { LoopDelay } from './loop-delay-probe.ts';

const PROBE = fileURLToPath(new URL('./loop-delay-probe.ts', import.meta.url));
const BCRYPT_SLOTS = fileURLToPath(new URL('./bcrypt-slots-probe.ts', import.meta.url));
/** Identity's signing key (RS256), made once per bench run. */
export const JWT_PRIVATE_KEY = testTokenKeys().privateKey;

export type Probed = RunningProcess & {
  pid: number;
  /** Starts a new event-loop delay window; the next `loopDelay()` covers the time since. */
  resetLoopDelay(): Promise<void>;
  loopDelay(): Promise<LoopDelay>;
};

/** A node entry point with the loop-delay probe loaded (and a CPU profile when `BENCH_CPU_PROF` names a folder). */
export async function startProbed(
  entry: string,
  env: Record<string, string>,
  scratch: string,
): Promise<Probed> {
  const file = join(scratch, `loop-delay-${entry.replace(/\W+/g, '-')}.json`);
  const flags = ['--import tsx', `--import ${PROBE}`];
  if (process.env.BENCH_BCRYPT_SLOTS) flags.push(`--import ${BCRYPT_SLOTS}`);
  const running = await startProcess(entry, {
    ...env,
    NODE_OPTIONS: flags.join(' '),
    BENCH_LOOP_DELAY_FILE: file,
  });
  const pid = running.child.pid!;
  let seq = 0;
  const dump = async (): Promise<LoopDelay> => {
    running.child.kill('SIGUSR2');
    for (let i = 0; i < 200; i++) {
      if (existsSync(file)) {
        const report = JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
        if (report.seq > seq) {
          seq = report.seq;
          return report;
        }
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no loop-delay report from ${entry}`);
  };
  return { ...running, pid, resetLoopDelay: async () => void (await dump()), loopDelay: dump };
}

/** The embedded topology as `npm start` runs it: embedded/main.ts alone, SQLite, in-process jobs. */
export async function startEmbeddedGateway(bcryptCost: number) {
  const scratch = mkdtempSync(join(tmpdir(), 'dayframe-bench-'));
  const dataDir = join(scratch, 'data');
  const gateway = await startProbed(
    'embedded/main.ts',
    {
      DATA_DIR: dataDir,
      JWT_PRIVATE_KEY,
      BCRYPT_COST: String(bcryptCost),
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      SIGNUPS_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
    scratch,
  );
  return {
    gateway,
    url: gateway.url,
    /** The latest code in the development outbox for `email`. */
    async readCode(email: string): Promise<string> {
      const dir = join(dataDir, 'outbox');
      for (let i = 0; i < 200; i++) {
        if (existsSync(dir)) {
          for (const name of readdirSync(dir).sort().reverse()) {
            const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
              to: string;
              text: string;
            };
            if (mail.to === email) return /\b(\d{6})\b/.exec(mail.text)![1]!;
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${email} in the outbox`);
    },
    async stop() {
      await gateway.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export async function startBareNode(): Promise<RunningProcess> {
  return startProcess('bench/bare-node.ts', {});
}

export async function startBareKoa(body: unknown): Promise<RunningProcess> {
  return startProcess('bench/bare-koa.ts', { BENCH_BODY: JSON.stringify(body) });
}

/** Resident and peak resident memory of a process, in bytes, from /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
