import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type RunningProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Runs a TypeScript entry point (`services/identity/main.ts`) as its own Node process on a free
 * port, and resolves once its `/healthz` answers. `nodeArgs` replaces `--import tsx` (a
 * compiled entry runs as an image does: `['--conditions=compiled']`, from its own `cwd`).
 */
export async function startProcess(
  entry: string,
  env: Record<string, string | undefined>,
  options: {
    port?: number;
    readyPath?: string;
    nodeArgs?: string[];
    cwd?: string;
    /** Pass none of this process's environment beyond `PATH`, `HOME` and locale: `env` only. */
    isolated?: boolean;
    /** Called with each whole line the process writes (stdout and stderr), as it writes it. */
    onLine?: (line: string) => void;
  } = {},
): Promise<RunningProcess> {
  const port = options.port ?? (await freePort());
  const inherited = options.isolated ? basicEnv() : process.env;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? ['--import', 'tsx']), entry], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...inherited, LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onLine = options.onLine;
  const take = (pending: { text: string }) => (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (!onLine) return;
    const lines = (pending.text + text).split('\n');
    pending.text = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout?.on('data', take({ text: '' }));
  child.stderr?.on('data', take({ text: '' }));
  const url = `http://127.0.0.1:${port}`;
  // Generous: with tsx compiling on start, a process on a busy shared machine takes a while.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}${options.readyPath ?? '/healthz'}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    port,
    output: () => output,
    stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null)
        return Promise.resolve(child.exitCode);
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

function basicEnv(): Record<string, string | undefined> {
  const keep = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'NODE_OPTIONS'];
  return Object.fromEntries(keep.map((name) => [name, process.env[name]]));
}
