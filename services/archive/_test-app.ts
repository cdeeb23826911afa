import { request as httpRequest } from 'node:http';
import { fromBuffer, type Entry } from 'yauzl';
import { silentLogger } from '@dayframe/service-kit/http';
import {
  apiClient,
  listen,
  openTestDatabase,
  testSessions,
  type DatabaseKind,
} from '@dayframe/test-kit';
import { createArchive, httpSources } from '@dayframe/archive';
import { createGoals } from '@dayframe/goals';
import { createJournals, type JournalsQuotas } from '@dayframe/journals';

// Test-only (never built or shipped: `_` files are outside tsconfig.build.json, and the
// boundary lint lets test code stand other services up as real fixtures): the archive's own
// tests get real owners over HTTP while the archive itself imports no other service.

/**
 * The archive over real HTTP, asking journals and goals over their real internal endpoints
 * (each served on its own port, on a fresh database of `kind`). Goals is reached through a
 * front that can be told to drop the real write of an import (`failGoalWrites`) or the reads of
 * an export (`failGoalReads`: every page, or the pages after the first), so a failure
 * midway can be made on purpose.
 */
export async function startArchiveTestApp(
  kind: DatabaseKind,
  options: { journalsQuotas?: Partial<JournalsQuotas>; exportPageSize?: number } = {},
) {
  const database = await openTestDatabase(kind);
  const sessions = testSessions();
  const log = silentLogger();
  const deps = {
    db: database.db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    log,
  };
  const journals = createJournals({ ...deps, quotas: options.journalsQuotas });
  const goals = createGoals(deps);
  await journals.migrate();
  await goals.migrate();
  const journalsServer = await listen(journals.app.callback());
  const goalsServer = await listen(goals.app.callback());
  const control = {
    failGoalWrites: false,
    failGoalReads: 'never' as 'never' | 'always' | 'after the first page',
  };
  const dropsRead = (url: string) =>
    url.startsWith('/internal/export') &&
    (control.failGoalReads === 'always' ||
      (control.failGoalReads === 'after the first page' && url.includes('after=')));
  const goalsTarget = new URL(goalsServer.url);
  const front = await listen((req, res) => {
    const dropsWrite =
      control.failGoalWrites && req.method === 'POST' && req.url === '/internal/import';
    if (dropsWrite || (req.method === 'GET' && dropsRead(req.url ?? ''))) {
      req.socket.destroy(); // the service went down
      return;
    }
    const forward = httpRequest(
      {
        host: goalsTarget.hostname,
        port: goalsTarget.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  const sources = httpSources({ journalsUrl: journalsServer.url, goalsUrl: front.url });
  const archive = createArchive({ sources, ...deps, exportPageSize: options.exportPageSize });
  const archiveServer = await listen(archive.app.callback());
  return {
    api: apiClient(archiveServer.url),
    journalsApi: apiClient(journalsServer.url),
    goalsApi: apiClient(goalsServer.url),
    url: archiveServer.url,
    sessions,
    control,
    async close() {
      await archiveServer.close();
      await archive.close();
      await front.close();
      await goalsServer.close();
      await journalsServer.close();
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

/** Every file of a zip, by name. */
export function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf-8'));
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
