import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { manualClock } from '@dayframe/service-kit/http';
import {
  startServiceTestApp,
  tempDataDir,
  type DatabaseKind,
  type TestSessions,
} from '@dayframe/test-kit';
import { startTestS3 } from './_s3-server.ts';
import {
  createMedia,
  fileStorage,
  s3Storage,
  type MediaQuotas,
  type MediaReferences,
  type MediaStorage,
} from './mod.ts';

/** Where a test keeps the files: a folder of its own, or a bucket on a local S3 server. */
export type StorageKind = 'files' | 's3';

/** The media service over real HTTP on a fresh database and store, for one test file. */
export type MediaTestApp = Awaited<ReturnType<typeof startMediaTestApp>>;

export async function startMediaTestApp(
  kind: DatabaseKind,
  storageKind: StorageKind,
  options: {
    quotas?: Partial<MediaQuotas>;
    sessions?: TestSessions;
    /** Journals' answers for the sweep of unreferenced files. */
    references?: MediaReferences;
  } = {},
) {
  const clock = manualClock();
  const store = await openStore(storageKind);
  const app = await startServiceTestApp(
    kind,
    (parts) =>
      createMedia({
        ...parts,
        storage: store.storage,
        urlKey: Buffer.from('media-test-url-secret-of-32-bytes-or-more'),
        clock,
        quotas: options.quotas,
        references: options.references,
      }),
    options.sessions,
  );
  return {
    ...app,
    clock,
    storage: store.storage,
    /** Every file the store holds, drafts too (`<user>/<name>`). */
    storedFiles: store.files,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

async function openStore(kind: StorageKind): Promise<{
  storage: MediaStorage;
  files(): Promise<string[]>;
  close(): Promise<void>;
}> {
  if (kind === 'files') {
    const dir = tempDataDir();
    return {
      storage: fileStorage(dir.dir),
      files: async () =>
        readdirSync(dir.dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name).slice(dir.dir.length + 1)),
      async close() {
        dir.remove();
      },
    };
  }
  const s3 = await startTestS3();
  const storage = s3Storage(s3.settings);
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ ...s3.settings, forcePathStyle: true });
  return {
    storage,
    async files() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    async close() {
      client.destroy();
      await storage.close();
      await s3.close();
    },
  };
}
