import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { manualClock, silentLogger } from '@dayframe/service-kit/http';
import { createJobBus, inProcessJobBus, type JobBus } from '@dayframe/service-kit/jobs';
import {
  SHARED_REDIS,
  startServiceTestApp,
  tempDataDir,
  testRedisPrefix,
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
  type UploadLimits,
} from './mod.ts';

/** Where a test keeps the files: a folder of its own, or a bucket on a local S3 server. */
export type StorageKind = 'files' | 's3';

/** Where the sizes job runs: in this process (npm start), or BullMQ on the shared Redis. */
export type JobsKind = 'in-process' | 'bullmq';

/**
 * The media service over real HTTP on a fresh database and store, for one test file, with its
 * own job bus (BullMQ under a key prefix of its own) that adds and works the sizes queue.
 */
export type MediaTestApp = Awaited<ReturnType<typeof startMediaTestApp>>;

export async function startMediaTestApp(
  kind: DatabaseKind,
  storageKind: StorageKind,
  options: {
    quotas?: Partial<MediaQuotas>;
    uploads?: Partial<UploadLimits>;
    sessions?: TestSessions;
    jobs?: JobsKind;
    /** Journals' answers for the sweep of unreferenced files. */
    references?: MediaReferences;
  } = {},
) {
  const clock = manualClock();
  const store = await openStore(storageKind);
  const jobs = openJobs(options.jobs ?? 'in-process');
  const app = await startServiceTestApp(
    kind,
    (parts) =>
      createMedia({
        ...parts,
        storage: store.storage,
        urlKey: Buffer.from('media-test-url-secret-of-32-bytes-or-more'),
        clock,
        quotas: options.quotas,
        uploads: options.uploads,
        jobs: jobs.bus,
        references: options.references,
      }),
    options.sessions,
  );
  return {
    ...app,
    clock,
    storage: store.storage,
    /** The service's job bus, to ask for a job again as a redelivery would. */
    jobs: jobs.bus,
    /** Ids of the jobs the service has finished working (succeeded or thrown), in order. */
    finishedJobs: jobs.finished,
    /** Every file the store holds, drafts too (`<user>/<name>`). */
    storedFiles: store.files,
    async close() {
      await jobs.close(); // the job in hand finishes before its database and store go
      await app.close();
      await store.close();
    },
  };
}

function openJobs(kind: JobsKind): { bus: JobBus; finished: string[]; close(): Promise<void> } {
  const log = silentLogger();
  const keys = kind === 'bullmq' ? testRedisPrefix() : null;
  const bus = keys
    ? createJobBus({ redisUrl: SHARED_REDIS, prefix: keys.prefix, log })
    : inProcessJobBus(log);
  // The real bus, its handlers noted when they finish, so a test knows a job has run.
  const finished: string[] = [];
  return {
    bus: {
      ...bus,
      work(queue, handler) {
        bus.work(queue, async (payload, job) => {
          try {
            await handler(payload as never, job);
          } finally {
            finished.push(job.id);
          }
        });
      },
    },
    finished,
    async close() {
      await bus.close();
      await keys?.cleanup();
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
