import type { Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Context, Next } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
/** Build output named with a content hash (and its source map) never changes: kept for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|svg|png|woff2)(\.map)?$/;
/** The copies the build writes beside a file (web-build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'] | 'identity';
/** How often, at most, the folders are looked at for a new build. */
const RECHECK_MS = 1000;

type Variant = { file: string; etag: string; body?: Buffer };
type Entry = {
  type: string;
  hashed: boolean;
  lastModified: string;
  /** What is on disk for this path: the file itself and its precompressed copies. */
  variants: Partial<Record<Encoding, Variant>>;
  /** Checked on each look for a new build: the file's identity when indexed. */
  file: string;
  stamp: string;
};

type Mount = { prefix: string; dir: string };

function stampOf(stat: Stats): string {
  return `${Math.floor(stat.mtimeMs).toString(16)}-${stat.size.toString(16)}`;
}

/**
 * Serves built front ends like a CDN would. Each folder is indexed once (path → file and its
 * `.br`/`.gz` copies, written by the build), so a request costs a map lookup and no `stat`;
 * bodies are read once and kept. A new build is noticed by looking at the folders and the
 * unhashed files at most once a second, with asynchronous `stat`s that the requests of that
 * moment share, so the event loop never waits on the disk. Hashed files are cacheable for a
 * year; everything else is revalidated (`ETag`, `Last-Modified`, answered 304 when unchanged).
 */
export function staticFiles(mounts: Mount[], options: { hide?: (path: string) => boolean } = {}) {
  type Indexed = { mount: Mount; entries: Map<string, Entry>; dirs: Map<string, number> };
  let indexes: Indexed[] = [];
  const indexed = Promise.all(mounts.map(indexMount)).then((done) => {
    indexes = done;
  });
  let checkedAt = Date.now();
  let checking: Promise<void> | null = null;

  async function indexMount(mount: Mount): Promise<Indexed> {
    const entries = new Map<string, Entry>();
    const dirs = new Map<string, number>();
    const walk = async (dir: string) => {
      let names: string[];
      try {
        dirs.set(dir, (await stat(dir)).mtimeMs);
        names = await readdir(dir);
      } catch {
        return; // not built yet: looked at again on the next check
      }
      const present = new Set(names);
      for (const name of names) {
        const file = join(dir, name);
        if (ENCODINGS.some((e) => name.endsWith(e.suffix) && present.has(name.slice(0, -3))))
          continue;
        let found: Stats;
        try {
          found = await stat(file);
        } catch {
          continue;
        }
        if (found.isDirectory()) {
          await walk(file);
          continue;
        }
        if (!found.isFile()) continue;
        const stamp = stampOf(found);
        const variants: Entry['variants'] = { identity: { file, etag: `"${stamp}"` } };
        for (const encoding of ENCODINGS)
          if (present.has(name + encoding.suffix))
            variants[encoding.name] = {
              file: file + encoding.suffix,
              etag: `"${stamp}-${encoding.name}"`,
            };
        const path = mount.prefix + relative(mount.dir, file).split(sep).join('/');
        entries.set(path, {
          type: TYPES[extname(name)] ?? 'application/octet-stream',
          hashed: HASHED.test(name),
          lastModified: found.mtime.toUTCString(),
          variants,
          file,
          stamp,
        });
      }
    };
    await walk(mount.dir);
    return { mount, entries, dirs };
  }

  /** A new build adds or removes files (a folder changes) or rewrites an unhashed file. */
  async function isStale(index: Indexed): Promise<boolean> {
    if (index.dirs.size === 0) return true;
    const unchanged = await Promise.all([
      ...[...index.dirs].map(([dir, mtimeMs]) =>
        stat(dir).then((found) => found.mtimeMs === mtimeMs),
      ),
      ...[...index.entries.values()]
        .filter((entry) => !entry.hashed)
        .map((entry) => stat(entry.file).then((found) => stampOf(found) === entry.stamp)),
    ]).catch(() => [false]);
    return unchanged.includes(false);
  }

  /**
   * Looks for a new build when the last look is a second old. Requests meanwhile wait for that
   * one look, not for a disk of their own, and the event loop never does.
   */
  function recheck(): Promise<void> {
    const now = Date.now();
    if (checking || now - checkedAt < RECHECK_MS) return checking ?? Promise.resolve();
    checkedAt = now;
    checking = (async () => {
      for (let i = 0; i < indexes.length; i++)
        if (await isStale(indexes[i]!)) indexes[i] = await indexMount(indexes[i]!.mount);
    })()
      .catch(() => undefined) // the disk moved under us: the next look tries again
      .finally(() => (checking = null));
    return checking;
  }

  /** The entry for a URL path; mounts are tried in order, as given. */
  async function lookup(path: string): Promise<Entry | null> {
    if (options.hide?.(path)) return null;
    await indexed;
    await recheck();
    for (const { mount, entries } of indexes) {
      if (!path.startsWith(mount.prefix)) continue;
      const entry = entries.get(path);
      if (entry) return entry;
    }
    return null;
  }

  async function body(variant: Variant): Promise<Buffer | null> {
    if (variant.body) return variant.body;
    try {
      variant.body = await readFile(variant.file);
    } catch {
      checkedAt = 0; // gone since indexed: a rebuild under way
      return null;
    }
    return variant.body;
  }

  return {
    lookup,
    /** Answers with the file at URL `path` (200, or 304 when the browser's copy is current). */
    async send(ctx: Context, path: string, status = 200): Promise<boolean> {
      const entry = await lookup(path);
      if (!entry) return false;
      // Our preference (smallest first) among what the browser accepts, not the browser's order.
      const accepted = ENCODINGS.filter((e) => entry.variants[e.name]).map((e) => e.name);
      const encoding: Encoding =
        accepted.find((name) => ctx.acceptsEncodings(name) === name) ?? 'identity';
      const variant = entry.variants[encoding]!;
      ctx.type = entry.type;
      ctx.set('Cache-Control', entry.hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (accepted.length) ctx.set('Vary', 'Accept-Encoding');
      ctx.set('ETag', variant.etag);
      ctx.set('Last-Modified', entry.lastModified);
      if (status === 200 && isNotModified(ctx, variant.etag, entry.lastModified)) {
        ctx.status = 304;
        return true;
      }
      const bytes = await body(variant);
      if (!bytes) {
        for (const name of ['Cache-Control', 'Vary', 'ETag', 'Last-Modified']) ctx.remove(name);
        ctx.status = 404;
        return false;
      }
      if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
      ctx.body = bytes;
      ctx.status = status;
      return true;
    },
    middleware() {
      return async (ctx: Context, next: Next) => {
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
        const path = decodeURIComponentSafe(ctx.path);
        // Only paths the index holds are answered, so `..` or a NUL can never reach a file.
        if (path !== null && (await this.send(ctx, path))) return;
        await next();
      };
    },
  };
}

/**
 * Whether the browser's copy is current (RFC 9110 §13): its `If-None-Match` names `etag`, or,
 * without one, `If-Modified-Since` is not before `lastModified`. Unlike Koa's `ctx.fresh`, a
 * request's own `Cache-Control: no-cache` (which fetch() adds to any conditional request) does
 * not turn the answer into a full download: it speaks to caches, not to the origin.
 */
export function isNotModified(ctx: Context, etag: string, lastModified?: string): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
  }
  const since = Date.parse(ctx.get('If-Modified-Since'));
  return lastModified !== undefined && !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The built shell at `/` and the remotes under their prefixes. A public page prerendered by
 * the shell's build (`dist/pages/<page>.html`) answers its path; any other GET that wants HTML
 * gets the shell's `index.html`, whose app decides (it knows the remotes' routes), except a
 * path naming a file that is not there, which gets the prerendered 404 page with a 404. With
 * `sourceMaps: false` a `.map` file is one that is not there.
 */
export function frontEndSite(options: { shellDir: string; mounts: Mount[]; sourceMaps?: boolean }) {
  // Source maps (the build writes a `.map` beside each script) are answered like a missing file
  // unless asked for: they hand out the original sources, comments included.
  const files = staticFiles([...options.mounts, { prefix: '/', dir: options.shellDir }], {
    hide: options.sourceMaps === false ? (path) => path.endsWith('.map') : undefined,
  });
  const serveFiles = files.middleware();
  return async function serveSite(ctx: Context, next: Next) {
    await serveFiles(ctx, async () => {
      if (
        (ctx.method === 'GET' || ctx.method === 'HEAD') &&
        ctx.accepts('html') === 'html' &&
        !ctx.path.startsWith('/remotes/')
      ) {
        const page = ctx.path === '/' ? '/index' : ctx.path;
        if (/^\/[a-z0-9-]+$/.test(page) && (await files.send(ctx, `/pages${page}.html`))) return;
        const namesAFile = /\.[^/]*$/.test(ctx.path);
        if (namesAFile && (await files.send(ctx, '/pages/404.html', 404))) return;
        if (!namesAFile && (await files.send(ctx, '/index.html'))) return;
      }
      await next();
    });
  };
}
