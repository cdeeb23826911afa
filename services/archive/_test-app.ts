import { request as httpRequest, type IncomingMessage } from 'node:http';
import { fromBuffer, type Entry } from 'yauzl';
import { silentLogger, systemClock, type Logger } from '@dayframe/service-kit/http';
import { inProcessEventBus } from '@dayframe/service-kit/events';
import { memoryRateLimiter } from '@dayframe/service-kit/limits';
import {
  apiClient,
  listen,
  tempDataDir,
  openTestDatabase,
  testSessions,
  serviceClient,
  testServiceSecret,
  type DatabaseKind,
} from '@dayframe/test-kit';
import { createArchive, httpSources, inProcessSources, pickSources } from '@dayframe/archive';
import { createIdentity } from '@dayframe/identity';
import { createMedia, fileStorage, type MediaQuotas } from '@dayframe/media';
import { createGoals, type GoalsQuotas } from '@dayframe/goals';
import { createJournals, type JournalsQuotas } from '@dayframe/journals';
import { inProcessJobBus } from '@dayframe/service-kit/jobs';

// Test-only (never built or shipped: `_` files are outside tsconfig.build.json, and the
// boundary lint lets test code stand other services up as real fixtures): the archive's own
// tests get real owners over HTTP while the archive itself imports no other service.

/** What a front does with one request: pass it on, drop it, or pass it on and drop the answer. */
type FrontAction = 'forward' | 'drop' | 'lose answer';

/** A front of an owner's server that can drop a request (the owner down) or its answer. */
async function frontOf(target: string, act: (req: IncomingMessage) => FrontAction) {
  const to = new URL(target);
  return listen((req, res) => {
    const action = act(req);
    if (action === 'drop') {
      req.socket.destroy(); // the service went down
      return;
    }
    const forward = httpRequest(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (action === 'lose answer') {
          // It did the work; the answer is lost on the way back.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
}

/** An import's commit (`POST /internal/import?importId=`), not its dry run. */
const isCommit = (req: IncomingMessage) =>
  req.method === 'POST' && (req.url ?? '').startsWith('/internal/import?importId=');
/** An import's undo (`DELETE /internal/import/:id`). */
const isUndo = (req: IncomingMessage) =>
  req.method === 'DELETE' && (req.url ?? '').startsWith('/internal/import/');

/**
 * The archive over real HTTP, asking journals and goals over their real internal endpoints
 * (each served on its own port, on a fresh database of `kind`). Each owner is reached through a
 * front that can be told to fail on purpose: drop goals' commit of an import
 * (`failGoalWrites`), lose journals' answer to its commit after it wrote (`loseJournalsCommit`),
 * drop journals' undo (`failJournalsUndo`), or drop goals' export reads (`failGoalReads`: every
 * page, or the pages after the first). Media (files in a folder of its own) is asked over its
 * internal endpoints too; with `topology: 'in-process'` the archive calls all three owners'
 * functions instead, as the embedded app does (the fronts are then not in the way).
 */
export async function startArchiveTestApp(
  kind: DatabaseKind,
  options: {
    journalsQuotas?: Partial<JournalsQuotas>;
    goalsQuotas?: Partial<GoalsQuotas>;
    exportPageSize?: number;
    mediaQuotas?: Partial<MediaQuotas>;
    topology?: 'http' | 'in-process';
    log?: Logger;
  } = {},
) {
  const database = await openTestDatabase(kind);
  const sessions = testSessions();
  const log = options.log ?? silentLogger();
  const deps = {
    db: database.db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    serviceKey: testServiceSecret().key,
    log,
  };
  const journals = createJournals({ ...deps, quotas: options.journalsQuotas });
  const goals = createGoals({ ...deps, quotas: options.goalsQuotas });
  const mediaDir = tempDataDir();
  // In-process: an imported photo's sizes are made here, as in the embedded app.
  const mediaJobs = inProcessJobBus(log);
  const media = createMedia({
    ...deps,
    jobs: mediaJobs,
    storage: fileStorage(mediaDir.dir),
    urlKey: Buffer.from('archive-test-media-url-secret-of-32-bytes'),
    quotas: options.mediaQuotas,
  });
  // Identity, for the export's `account.signIn`: always by a call here (these tests hand out
  // tokens of their own, which identity's session check would not know); its internal route
  // is tested in identity's own tests, and over HTTP end to end in the distributed ones.
  const identityJobs = inProcessJobBus(log);
  const identityEvents = inProcessEventBus(log);
  const identity = createIdentity({
    db: database.db,
    tokens: sessions.tokens,
    secret: 'archive-test-code-secret-that-is-long-enough-0123',
    serviceKey: deps.serviceKey,
    jobs: identityJobs,
    events: identityEvents,
    limiter: memoryRateLimiter(systemClock),
    log,
    bcryptCost: 4,
  });
  await identity.migrate();
  await journals.migrate();
  await goals.migrate();
  await media.migrate();
  const mediaServer = await listen(media.app.callback());
  const journalsServer = await listen(journals.app.callback());
  const goalsServer = await listen(goals.app.callback());
  const control = {
    failGoalWrites: false,
    loseJournalsCommit: false,
    failJournalsUndo: false,
    failGoalReads: 'never' as 'never' | 'always' | 'after the first page',
  };
  const dropsRead = (url: string) =>
    url.startsWith('/internal/export') &&
    (control.failGoalReads === 'always' ||
      (control.failGoalReads === 'after the first page' && url.includes('after=')));
  const goalsFront = await frontOf(goalsServer.url, (req) =>
    (control.failGoalWrites && isCommit(req)) || (req.method === 'GET' && dropsRead(req.url ?? ''))
      ? 'drop'
      : 'forward',
  );
  const journalsFront = await frontOf(journalsServer.url, (req) =>
    control.loseJournalsCommit && isCommit(req)
      ? 'lose answer'
      : control.failJournalsUndo && isUndo(req)
        ? 'drop'
        : 'forward',
  );
  const owners =
    options.topology === 'in-process'
      ? inProcessSources({ ...journals, ...goals, ...media, ready: async () => undefined })
      : httpSources({
          journalsUrl: journalsFront.url,
          goalsUrl: goalsFront.url,
          mediaUrl: mediaServer.url,
          serviceKey: deps.serviceKey,
        });
  const sources = pickSources({
    journals: owners,
    goals: owners,
    media: owners,
    identity: inProcessSources({
      exportSignIn: identity.signInMethods,
      ready: async () => undefined,
    }),
  });
  const archive = createArchive({ sources, ...deps, exportPageSize: options.exportPageSize });
  const archiveServer = await listen(archive.app.callback());
  return {
    api: apiClient(archiveServer.url),
    // The owners' internal endpoints, called as the archive calls them (with its service token).
    journalsApi: serviceClient(journalsServer.url, 'archive', 'journals'),
    goalsApi: serviceClient(goalsServer.url, 'archive', 'goals'),
    /** Media's public API (`/api/media`), for uploads and `?ids=` as the app uses them. */
    mediaUrl: mediaServer.url,
    url: archiveServer.url,
    db: database.db,
    sessions,
    control,
    async close() {
      await archiveServer.close();
      await archive.close();
      await goalsFront.close();
      await journalsFront.close();
      await goalsServer.close();
      await journalsServer.close();
      await mediaServer.close();
      await identity.close();
      await identityEvents.close();
      await identityJobs.close();
      await mediaJobs.close(); // the sizes in hand are made before the store goes
      await media.close();
      mediaDir.remove();
      await database.close();
    },
  };
}
export type ArchiveTestApp = Awaited<ReturnType<typeof startArchiveTestApp>>;

/** POST /api/import with raw bytes. */
export async function upload(
  baseUrl: string,
  token: string,
  bytes: Buffer | string,
  type: string,
  query = '',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(`/api/import${query}`, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status: response.status, body: { text } };
  }
}

/** Every file of a zip, by name, as text. */
export async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const files = await unzipBytes(bytes);
  return new Map([...files].map(([name, file]) => [name, file.toString('utf-8')]));
}

/** Every file of a zip, by name, as bytes (photos). */
export function unzipBytes(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export { zipOf } from './_zips.ts';
