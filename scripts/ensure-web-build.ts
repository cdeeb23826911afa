// Builds the shell and each remote whose dist is missing or older than its sources, so
// `npm start` and `npm test` serve what the code says without a separate build step.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const APPS = ['shell', 'mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account'];
const SHARED = [
  'packages/web-kit',
  'packages/web-build',
  'packages/contracts',
  'packages/markdown',
];
const STAMP = '.build-stamp';

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const sharedChanged = Math.max(...SHARED.map((dir) => newest(join(root, dir))));
for (const app of APPS) {
  const dir = join(root, app);
  if (!existsSync(join(dir, 'rspack.config.ts'))) continue;
  const stamp = join(dir, 'dist', STAMP);
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(
    sharedChanged,
    newest(join(dir, 'src')),
    newest(join(dir, 'public')),
    newest(join(dir, 'scripts')),
    newest(join(dir, 'rspack.config.ts')),
    newest(join(dir, 'index.html')),
    newest(join(dir, 'package.json')),
  );
  if (built > changed) continue;
  console.log(`Building ${app}…`);
  execFileSync('npm', ['run', 'build', '--silent', '-w', app], { cwd: root, stdio: 'inherit' });
  execFileSync('touch', [stamp]);
}
