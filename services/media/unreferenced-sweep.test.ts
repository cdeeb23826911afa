import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMarkdown } from '@dayframe/contracts';
import { createJournals, type Journals } from '@dayframe/journals';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import {
  startServiceTestApp,
  testServiceSecret,
  testSessions,
  type ServiceTestApp,
  type TestUser,
} from '@dayframe/test-kit';
import { startMediaTestApp, type MediaTestApp } from './_test-app.ts';
import { upload } from './_upload.ts';
import { remoteMediaReferences, type MediaReferences } from './mod.ts';

const HOUR = 60 * 60 * 1000;

// The sweep of files no entry refers to (decision 0049), in both topologies: SQLite with journals
// answering by a function call (npm start), MariaDB with journals in its own app answering
// POST /internal/media/referenced over HTTP to media's service token (a deployment).
const TOPOLOGIES = [
  ['SQLite, journals in-process', 'sqlite', 'in-process'],
  ['MariaDB, journals over HTTP', 'mariadb', 'http'],
] as const;

describe.each(TOPOLOGIES)('the sweep of unreferenced files on %s', (_name, kind, link) => {
  const sessions = testSessions();
  let journals: ServiceTestApp<Journals>;
  let media: MediaTestApp;
  let remote: Required<MediaReferences> | null = null;
  // What media asks: journals as the topology reaches it, or journals down.
  let references: MediaReferences;
  let up: MediaReferences;
  let alice: TestUser;

  beforeAll(async () => {
    journals = await startServiceTestApp(kind, (parts) => createJournals(parts), sessions);
    if (link === 'http')
      remote = remoteMediaReferences(journals.url, serviceCaller(testServiceSecret().key, 'media'));
    up = remote ?? {
      referenced: async (userId, ids) =>
        new Set(await journals.service.referencedMedia(userId, ids)),
    };
    references = up;
    media = await startMediaTestApp(kind, 'files', {
      sessions,
      references: { referenced: (userId, ids) => references.referenced(userId, ids) },
    });
    alice = sessions.newUser();
  }, 60_000);
  afterAll(async () => {
    await remote?.close();
    await media?.close();
    await journals?.close();
  });

  async function addPhoto(user: TestUser): Promise<string> {
    const bytes = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const added = await upload(media.url, user.token, [{ name: 'photo.jpg', bytes }]);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.id;
  }
  const stored = async (id: string) => ({
    row: Boolean(await media.db('media').where({ id }).first()),
    file: (await media.storedFiles()).some((key) => key.startsWith(`${alice.id}/${id}`)),
  });

  it('deletes after a day only what no entry refers to; nothing while journals cannot say', async () => {
    const journalId = (
      await journals.api.call('POST', '/api/journals', { token: alice.token, body: { title: 'J' } })
    ).body._id;
    const [kept, unreferenced, dropped] = [
      await addPhoto(alice),
      await addPhoto(alice),
      await addPhoto(alice),
    ];
    const entry = await journals.api.call('POST', `/api/entry/${journalId}`, {
      token: alice.token,
      body: { content: `${mediaMarkdown(kept)} ${mediaMarkdown(dropped)}`, date: '2026-06-01' },
    });
    expect(entry.status, entry.text).toBe(201);

    // Young: nothing goes, referenced or not.
    media.clock.advance(HOUR);
    expect(await media.service.sweepUnreferenced()).toEqual({ checked: 0, deleted: 0 });

    // The entry stops naming one file; a day after the uploads, journals is down first.
    const edited = await journals.api.call('PUT', `/api/entry/${journalId}/${entry.body._id}`, {
      token: alice.token,
      body: { title: 'Kept one', content: mediaMarkdown(kept) },
    });
    expect(edited.status, edited.text).toBe(200);
    media.clock.advance(24 * HOUR);
    const young = await addPhoto(alice);
    // Over HTTP, nothing listens where journals was; in-process, its call fails.
    const unreachable = remoteMediaReferences(
      'http://127.0.0.1:1',
      serviceCaller(testServiceSecret().key, 'media'),
    );
    references =
      link === 'http'
        ? unreachable
        : {
            referenced: async () => {
              throw new Error('journals failed');
            },
          };
    await expect(media.service.sweepUnreferenced()).rejects.toThrow();
    await unreachable.close();
    for (const id of [kept, unreferenced, dropped, young])
      expect(await stored(id)).toEqual({ row: true, file: true });

    // Journals answers again: the unreferenced and the dropped go, bytes and row.
    references = up;
    expect(await media.service.sweepUnreferenced()).toEqual({ checked: 3, deleted: 2 });
    expect(await stored(kept)).toEqual({ row: true, file: true });
    expect(await stored(young)).toEqual({ row: true, file: true });
    expect(await stored(unreferenced)).toEqual({ row: false, file: false });
    expect(await stored(dropped)).toEqual({ row: false, file: false });
    const gone = await media.api.call('GET', `/api/media?ids=${unreferenced},${kept}`, {
      token: alice.token,
    });
    expect(gone.body.map((item: { id: string }) => item.id)).toEqual([kept]);
  });
});
