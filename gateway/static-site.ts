import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);
/** Build output named with a content hash never changes, so browsers may keep it for a year. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|svg|png|woff2)$/;

type Cached = { body: Buffer; gzipped: Buffer | null; type: string; mtimeMs: number };

/**
 * Serves built front ends from memory: each file is read and gzipped once, then answered
 * from the cache until it changes on disk. `mounts` maps a URL prefix to a dist folder.
 */
export function staticFiles(mounts: { prefix: string; dir: string }[]) {
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | null> {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit;
    const body = await readFile(file);
    const ext = extname(file);
    const entry: Cached = {
      body,
      gzipped: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body) : null,
      type: TYPES[ext] ?? 'application/octet-stream',
      mtimeMs: stat.mtimeMs,
    };
    cache.set(file, entry);
    return entry;
  }

  function resolve(path: string): string | null {
    for (const mount of mounts) {
      if (!path.startsWith(mount.prefix)) continue;
      const relative = decodeURIComponentSafe(path.slice(mount.prefix.length));
      if (relative === null || relative.includes('\0')) return null;
      const file = normalize(join(mount.dir, relative));
      if (file !== mount.dir && !file.startsWith(mount.dir + sep)) return null; // no escaping the folder
      return file;
    }
    return null;
  }

  return {
    async send(ctx: Context, file: string): Promise<boolean> {
      const entry = await load(file);
      if (!entry) return false;
      ctx.type = entry.type;
      ctx.set(
        'Cache-Control',
        HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      ctx.set('Vary', 'Accept-Encoding');
      if (entry.gzipped && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = entry.gzipped;
      } else {
        ctx.body = entry.body;
      }
      return true;
    },
    middleware() {
      return async (ctx: Context, next: Next) => {
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
        const file = resolve(ctx.path);
        if (file && (await this.send(ctx, file))) return;
        await next();
      };
    },
  };
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
