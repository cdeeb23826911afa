import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES } from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, upload, zipOf, type ArchiveTestApp } from './_test-app.ts';

/** A Day One journal file, in the documented layout. */
function dayOneJournal(entries: object[]) {
  return JSON.stringify({ metadata: { version: '1.0' }, entries });
}

const TRAVEL = dayOneJournal([
  // 23:30 on 31 March in New York is 03:30 UTC on 1 April: the day is New York's.
  {
    uuid: 'A1',
    creationDate: '2026-04-01T03:30:00Z',
    timeZone: 'America/New_York',
    text: '# Late night\nWrote this before midnight\\.',
    photos: [{ md5: 'abc' }],
  },
  // 08:00 on 2 April in Tokyo is 23:00 UTC on 1 April: the day is Tokyo's.
  {
    uuid: 'A2',
    creationDate: '2026-04-01T23:00:00Z',
    timeZone: 'Asia/Tokyo',
    text: 'Breakfast\nMiso\\, rice \\- and tea\\! 1\\. done',
  },
  // No time zone: UTC. No title line: the first line is empty.
  { uuid: 'A3', creationDate: '2026-04-03T12:00:00Z', text: '\nJust some words' },
  // A photo alone: nothing to import.
  { uuid: 'A4', creationDate: '2026-04-04T12:00:00Z', timeZone: 'UTC', photos: [] },
]);

describe.each(DATABASE_KINDS)('import of Day One and of bad files on %s', (kind) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind, { journalsQuotas: { journals: 3 } });
  });
  afterAll(() => app?.close());

  async function entriesOf(user: TestUser) {
    const res = await app.api.call('GET', '/api/export?format=json', {
      token: user.token,
      headers: app.sessions.confirmed(user),
    });
    expect(res.status).toBe(200);
    return res.body as {
      journals: {
        title: string;
        entries: { _id: string; title: string; content: string; date: string }[];
      }[];
      goals: unknown[];
    };
  }

  it('turns a Day One zip into a journal per file, on the local day, with the escapes undone', async () => {
    const user = app.sessions.newUser();
    const zip = await zipOf({
      'Travel.json': TRAVEL,
      'photos/abc.jpeg': Buffer.from([0xff, 0xd8, 0xff]),
    });
    const first = await upload(app.url, user.token, zip, 'application/zip');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      journals: { created: 1, matched: 0 },
      entries: { created: 3, skipped: 0 },
      goals: { created: 0, skipped: 0 },
      // The photo is referred to by no text: nothing to store, nothing missing.
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    const { journals } = await entriesOf(user);
    expect(journals.map((j) => j.title)).toEqual(['Travel']);
    // Version 2's fields (tags, mood, star, history) are checked in export-import-v2.test.ts.
    const texts = journals[0]!.entries.map(({ _id, title, content, date }) => ({
      _id,
      title,
      content,
      date,
    }));
    expect(texts).toEqual([
      {
        _id: expect.any(String),
        title: 'Late night',
        content: 'Wrote this before midnight.',
        date: '2026-03-31',
      },
      {
        _id: expect.any(String),
        title: 'Breakfast',
        content: 'Miso, rice - and tea! 1. done',
        date: '2026-04-02',
      },
      { _id: expect.any(String), title: '', content: 'Just some words', date: '2026-04-03' },
    ]);
    const again = await upload(app.url, user.token, zip, 'application/zip');
    expect(again.body).toMatchObject({
      journals: { created: 0, matched: 1 },
      entries: { created: 0, skipped: 3 },
    });
    // One journal's JSON alone, named by ?journal=: the same entries, nothing new.
    const alone = await upload(app.url, user.token, TRAVEL, 'application/json', '?journal=Travel');
    expect(alone.body).toMatchObject({ entries: { created: 0, skipped: 3 } });
    const unnamed = await upload(app.url, user.token, TRAVEL, 'application/json');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe(ARCHIVE_MESSAGES.journalMissing);
  });

  it('refuses every bad file with a 4xx naming the problem, and writes nothing', async () => {
    const user = app.sessions.newUser();
    const good = (title: string) => ({ title, content: 'ok', date: '2026-01-01' });
    const dayframe = (journals: object[], goals: object[] = []) =>
      JSON.stringify({ format: 'dayframe-export', version: 1, exportedAt: 'x', journals, goals });
    // A path leaving the archive: zip tools refuse to write one, so it is patched in.
    const escaping = await zipOf({ 'aa/dayframe.json': dayframe([]) });
    const patched = Buffer.from(
      escaping.toString('latin1').replaceAll('aa/dayframe', '../dayframe'),
      'latin1',
    );
    const cases: [string, Buffer | string, string, number, string | RegExp][] = [
      ['plain text', 'hello, not an archive', 'application/json', 400, ARCHIVE_MESSAGES.notArchive],
      [
        'a damaged zip',
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]),
        'application/zip',
        400,
        ARCHIVE_MESSAGES.badZip,
      ],
      [
        'a zip of neither layout',
        await zipOf({ 'notes.txt': 'hi' }),
        'application/zip',
        400,
        ARCHIVE_MESSAGES.unknownLayout,
      ],
      [
        'broken JSON in the zip',
        await zipOf({ 'dayframe.json': '{"format":' }),
        'application/zip',
        400,
        `dayframe.json: ${ARCHIVE_MESSAGES.badJson}`,
      ],
      [
        'the wrong format',
        JSON.stringify({ format: 'other' }),
        'application/json',
        400,
        `the uploaded JSON: ${ARCHIVE_MESSAGES.formatMismatch}`,
      ],
      [
        'an impossible date',
        dayframe([{ title: 'J', entries: [good('a'), { ...good('b'), date: '2026-02-30' }] }]),
        'application/json',
        400,
        /^the uploaded JSON, journal "J", entry 2: .*calendar dates/,
      ],
      [
        'a title over the limit',
        dayframe([{ title: 'x'.repeat(201), entries: [] }]),
        'application/json',
        400,
        /^the uploaded JSON, journal 1: Title must be at most 200/,
      ],
      [
        'a goal of the wrong shape',
        dayframe(
          [],
          [
            {
              title: 'G',
              description: 'd',
              completed: true,
              dateSet: '2026-01-01',
              dateDue: '2026-01-02',
            },
          ],
        ),
        'application/json',
        400,
        /goal 1: A completed goal needs its dateComplete/,
      ],
      [
        'a bad Day One entry',
        await zipOf({ 'Trips.json': dayOneJournal([{ creationDate: 'yesterday', text: 'x' }]) }),
        'application/zip',
        400,
        /^Trips\.json, entry 1: creationDate/,
      ],
      [
        'a zip bomb',
        await zipOf({ 'dayframe.json': Buffer.alloc(20 * 1024 * 1024, 32) }),
        'application/zip',
        400,
        ARCHIVE_MESSAGES.zipBomb,
      ],
      [
        'a path escaping the archive',
        patched,
        'application/zip',
        400,
        `${ARCHIVE_MESSAGES.pathEscape}: ../dayframe.json`,
      ],
      ['an image', Buffer.from([0xff, 0xd8]), 'image/jpeg', 415, ARCHIVE_MESSAGES.notArchive],
      [
        'past the journals quota (3)',
        dayframe(
          ['a', 'b', 'c', 'd'].map((t) => ({ title: t, entries: [good(t)] })),
          [{ title: 'G', description: 'd', dateSet: '2026-01-01', dateDue: '2026-01-02' }],
        ),
        'application/json',
        409,
        'You have reached the limit of 3 journals.',
      ],
    ];
    for (const [name, body, type, status, message] of cases) {
      const res = await upload(app.url, user.token, body, type);
      expect(res.status, name).toBe(status);
      if (typeof message === 'string') expect(res.body.message, name).toBe(message);
      else expect(res.body.message, name).toMatch(message);
      expect(typeof res.body.code, name).toBe('string');
    }
    const after = await entriesOf(user);
    expect(after).toMatchObject({ journals: [], goals: [] });
  });

  it('answers 413 with a clear message past 50 MB, and writes nothing', async () => {
    const user = app.sessions.newUser();
    const res = await upload(
      app.url,
      user.token,
      Buffer.alloc(50 * 1024 * 1024 + 1, 32),
      'application/json',
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(ARCHIVE_MESSAGES.tooLarge);
    expect(await entriesOf(user)).toMatchObject({ journals: [], goals: [] });
  });
});
