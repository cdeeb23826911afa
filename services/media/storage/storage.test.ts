import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '@dayframe/test-kit';
import { startTestS3 } from '../_s3-server.ts';
import { fileStorage } from './file-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { MediaStorage } from './media-storage.ts';

// One contract, both stores: the local file system and an S3-compatible bucket (s3rver).
const stores: [
  string,
  () => Promise<{ storage: MediaStorage; leftovers(): string[]; close(): Promise<void> }>,
][] = [
  [
    'file system',
    async () => {
      const dir = tempDataDir();
      return {
        storage: fileStorage(dir.dir),
        leftovers: () => readdirSync(join(dir.dir, 'user-1')),
        async close() {
          dir.remove();
        },
      };
    },
  ],
  [
    'S3',
    async () => {
      const s3 = await startTestS3();
      const storage = s3Storage(s3.settings);
      return {
        storage,
        leftovers: () => [],
        async close() {
          await storage.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(stores)('media storage: %s', (_name, open) => {
  let store: Awaited<ReturnType<(typeof stores)[number][1]>>;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });
  const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
  const read = async (stream: Readable | null) => (stream ? buffer(stream) : null);

  it('keeps what was put, whole or by range, with its size', async () => {
    await store.storage.put(
      'user-1/a',
      Readable.from([bytes.subarray(0, 4000), bytes.subarray(4000)]),
    );
    expect(await store.storage.size('user-1/a')).toBe(10_000);
    expect(await read(await store.storage.get('user-1/a'))).toEqual(bytes);
    expect(await read(await store.storage.get('user-1/a', { start: 100, end: 199 }))).toEqual(
      bytes.subarray(100, 200),
    );
  });

  it('replaces a file put again, and forgets a deleted one', async () => {
    await store.storage.put('user-1/b', Readable.from([Buffer.from('first')]));
    await store.storage.put('user-1/b', Readable.from([Buffer.from('second')]));
    expect((await read(await store.storage.get('user-1/b')))?.toString()).toBe('second');
    await store.storage.delete('user-1/b');
    expect(await store.storage.get('user-1/b')).toBeNull();
    expect(await store.storage.size('user-1/b')).toBeNull();
    await store.storage.delete('user-1/b'); // again: not an error
  });

  it('leaves nothing when the stream fails half-way', async () => {
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error('client went away');
    }
    await expect(store.storage.put('user-1/c', Readable.from(failing()))).rejects.toThrow(
      'client went away',
    );
    expect(await store.storage.get('user-1/c')).toBeNull();
    expect(store.leftovers().filter((name) => name.startsWith('c'))).toEqual([]);
  });

  it('refuses a key that could reach outside an account folder', async () => {
    for (const key of ['../etc/passwd', 'user-1/../x', '/abs', 'user-1/a/b', 'user-1/'])
      await expect(store.storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'not a media storage key',
      );
  });
});
