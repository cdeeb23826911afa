// Lays out what one Node image runs: the workspace and the workspaces it depends on (each its
// package.json and compiled dist/), and exactly the production node_modules they need, read
// from package-lock.json. The image's build stage runs it; deploy/images.test.ts runs it too
// and starts the result, so what the test checks is what the image holds.
//
//   node --import tsx deploy/assemble-app.ts <workspace dir> <out dir>   (from the repository root)
//
// Why not `npm ci --omit=dev -w <workspace>`: npm also installs a workspace's optional peer
// dependencies when the lock file has them, so the gateway would get knex, better-sqlite3,
// mysql2 and bullmq (service-kit's optional peers, needed only by services that hold data).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

type LockEntry = {
  name?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
export type Lock = { packages: Record<string, LockEntry> };

/** What a workspace needs at run time: workspace dirs, and lock keys under node_modules. */
export type Closure = { workspaces: string[]; packages: string[]; links: string[] };

/**
 * Follows `dependencies`, `optionalDependencies` and required (non-optional) peers from the
 * workspace, resolving each name as Node does: the nearest `node_modules` up from the package
 * that asks for it.
 */
export function productionClosure(lock: Lock, workspace: string): Closure {
  const workspaces = new Set<string>();
  const packages = new Set<string>();
  const links = new Set<string>();

  const visit = (key: string) => {
    const entry = lock.packages[key];
    if (!entry) throw new Error(`${key} is not in package-lock.json`);
    if (entry.link) {
      links.add(key);
      return visit(entry.resolved!);
    }
    const seen = key.includes('node_modules/') ? packages : workspaces;
    if (seen.has(key)) return;
    seen.add(key);
    const meta = entry.peerDependenciesMeta ?? {};
    const required = Object.keys(entry.peerDependencies ?? {}).filter((n) => !meta[n]?.optional);
    const optional = new Set(Object.keys(entry.optionalDependencies ?? {}));
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...optional, ...required]) {
      const found = resolve(lock, key, name);
      if (found) visit(found);
      else if (!optional.has(name)) throw new Error(`${key} needs ${name}, not in the lock file`);
    }
  };
  visit(workspace);
  return { workspaces: [...workspaces].sort(), packages: [...packages].sort(), links: [...links] };
}

function resolve(lock: Lock, from: string, name: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const key = dir === '.' || dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (dir === '.' || dir === '') return null;
  }
}

/** Package names in a closure (`node_modules/a/node_modules/b` → `b`). */
export function packageNames(closure: Closure): string[] {
  return [...new Set(closure.packages.map((key) => key.split('node_modules/').pop()!))].sort();
}

/** Copies the closure of `workspace` from the checkout at `root` into `out`. */
export function assembleApp(root: string, workspace: string, out: string): Closure {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
  const closure = productionClosure(lock, workspace);
  for (const dir of closure.workspaces) {
    if (!existsSync(join(root, dir, 'dist')))
      throw new Error(`${dir}/dist is missing: build it first (npm run build:services)`);
    mkdirSync(join(out, dir), { recursive: true });
    cpSync(join(root, dir, 'package.json'), join(out, dir, 'package.json'));
    cpSync(join(root, dir, 'dist'), join(out, dir, 'dist'), {
      recursive: true,
      filter: (path) => !path.endsWith('.tsbuildinfo'),
    });
  }
  for (const key of closure.packages) {
    // A platform's optional build (another OS or CPU) is in the lock file but not installed.
    if (!existsSync(join(root, key)) && lock.packages[key]!.optional) continue;
    // Nested node_modules are packages of their own: copied only if the closure names them.
    cpSync(join(root, key), join(out, key), {
      recursive: true,
      filter: (path) => relative(join(root, key), path).split('/')[0] !== 'node_modules',
    });
  }
  for (const key of closure.links) {
    const target = lock.packages[key]!.resolved!;
    if (!closure.workspaces.includes(target)) continue;
    mkdirSync(dirname(join(out, key)), { recursive: true });
    symlinkSync(relative(dirname(join(out, key)), join(out, target)), join(out, key));
  }
  return closure;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [workspace, out] = process.argv.slice(2);
  if (!workspace || !out) {
    console.error('usage: assemble-app.ts <workspace dir> <out dir>');
    process.exit(2);
  }
  const closure = assembleApp(process.cwd(), workspace.replace(/\/$/, ''), out);
  const count = readdirSync(join(out, 'node_modules')).length;
  console.log(
    `${workspace}: ${closure.workspaces.join(', ')}; ${closure.packages.length} packages (${count} top-level)`,
  );
}
