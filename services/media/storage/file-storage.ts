import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, type MediaStorage } from './media-storage.ts';

/**
 * Files under `root` (`DATA_DIR/media` for `npm start`, a volume in compose). A file is written
 * aside and renamed into place once whole, so a reader never sees half of one and an upload cut
 * short leaves only its draft, which is removed.
 */
export function fileStorage(root: string): MediaStorage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const draft = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(draft, { mode: 0o600 }));
        await rename(draft, path);
      } catch (error) {
        await rm(draft, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(path, range && { start: range.start, end: range.end });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async close() {},
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
