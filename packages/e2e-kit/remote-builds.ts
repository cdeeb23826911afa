// A remote deployed apart from the shell: built to a folder of its own and served from an origin
// of its own, as its static container would serve it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { listenOnFreePort, REPO_ROOT } from '@dayframe/test-kit';

const run = promisify(execFile);

/**
 * Builds a remote with the rspack config at `config` (relative to the repository) into `out`,
 * in a child process as `npm run build` would. `env` reaches the config (a fixture's switches).
 */
export async function buildRemote(
  config: string,
  out: string,
  env: Record<string, string> = {},
): Promise<void> {
  await run(
    process.execPath,
    [join(REPO_ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '-c', config],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', REMOTE_OUT: out, ...env },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** What a built front end holds, by extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
};

/** Serves `dir` on a free loopback port with CORS open, as a remote's own origin. */
export async function serveRemote(dir: string): Promise<{ url: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(dir, decodeURIComponent(path)));
    try {
      if (!file.startsWith(dir + sep)) throw new Error('outside');
      const body = readFileSync(file);
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'access-control-allow-origin': '*',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
    }
  });
  return listenOnFreePort(server);
}
