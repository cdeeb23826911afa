import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, upload, zipOf, type ArchiveTestApp } from './_test-app.ts';

const MB = 1024 * 1024;

/** A `dayframe.json` of `size` bytes: a repeated pattern, so it compresses about 1000:1. */
function hugeDayframe(size: number): Buffer {
  const head = Buffer.from('{"format":"dayframe-export","version":1,"journals":[');
  const tail = Buffer.from('{}]}');
  const body = Buffer.alloc(size - head.length - tail.length, '{},');
  return Buffer.concat([head, body, tail]);
}

/**
 * The zip with the uncompressed size of its (only) entry rewritten in the central directory:
 * zip tools write the true size, so the lie is patched in.
 */
function lyingAboutSize(zip: Buffer, declared: number): Buffer {
  const patched = Buffer.from(zip);
  const header = patched.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  expect(header).toBeGreaterThan(0);
  patched.writeUInt32LE(declared, header + 24);
  return patched;
}

/** The calendar day of an instant in a zone, built the way the import did before it cached formatters. */
function dayIn(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(Date.parse(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

describe.each(DATABASE_KINDS)('import limits checked before unpacking or parsing on %s', (kind) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind);
  });
  afterAll(() => app?.close());

  async function stored(user: TestUser) {
    const res = await app.api.call('GET', '/api/export?format=json', {
      token: user.token,
      headers: app.sessions.confirmed(user),
    });
    expect(res.status).toBe(200);
    return res.body as {
      journals: { title: string; entries: { title: string; date: string }[] }[];
      goals: unknown[];
    };
  }

  /** Uploads `body`, expects the refusal, and that the account still holds nothing. */
  async function refused(
    body: Buffer | string,
    type: string,
    expected: { status: number; message: string; code: string },
  ) {
    const user = app.sessions.newUser();
    const started = Date.now();
    const res = await upload(app.url, user.token, body, type);
    const took = Date.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
    expect(res.body).toMatchObject({ message: expected.message, code: expected.code });
    expect(await stored(user)).toMatchObject({ journals: [], goals: [] });
    return took;
  }

  it('refuses a zip of more than 10,000 files from its central directory', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i <= IMPORT_LIMITS.zipEntries; i++) files[`notes/${i}.txt`] = '';
    await refused(await zipOf(files), 'application/zip', {
      status: 413,
      message: ARCHIVE_MESSAGES.tooManyFiles,
      code: 'too_many_files',
    });
    // Building 10,001 entries with yazl takes seconds, and tens of them on a loaded machine.
  }, 90_000);

  it('refuses a JSON file declared over 20 MB without inflating it', async () => {
    const zip = await zipOf({ 'dayframe.json': hugeDayframe(IMPORT_LIMITS.jsonBytes + MB) });
    expect(zip.length).toBeLessThan(MB); // well within the upload limit and the 100:1 ratio check's reach
    const took = await refused(zip, 'application/zip', {
      status: 413,
      message: `dayframe.json: ${ARCHIVE_MESSAGES.jsonTooLarge}`,
      code: 'json_too_large',
    });
    // Inflating and parsing 21 MB of `{},` takes far longer than reading a directory.
    expect(took).toBeLessThan(2000);
  });

  it('refuses a JSON file whose central directory understates its size, as it inflates', async () => {
    const zip = lyingAboutSize(
      await zipOf({ 'dayframe.json': hugeDayframe(IMPORT_LIMITS.jsonBytes + MB) }),
      1000,
    );
    // yauzl stops at the declared size (the import's own 20 MB count is the second guard).
    await refused(zip, 'application/zip', {
      status: 400,
      message: ARCHIVE_MESSAGES.badZip,
      code: 'bad_zip',
    });
  });

  it('refuses a plain JSON body over 20 MB (the 50 MB upload limit is the zip’s)', async () => {
    const body = hugeDayframe(IMPORT_LIMITS.jsonBytes + MB);
    await refused(body, 'application/json', {
      status: 413,
      message: `the uploaded JSON: ${ARCHIVE_MESSAGES.jsonTooLarge}`,
      code: 'json_too_large',
    });
  });

  it('refuses more than 100,000 entries and goals before checking or writing any', async () => {
    const tooMany = {
      status: 413,
      message: ARCHIVE_MESSAGES.tooManyItems,
      code: 'too_many_items',
    };
    const half = Array.from({ length: IMPORT_LIMITS.items / 2 }, () => ({}));
    // Entries and goals together, in a dayframe.json.
    await refused(
      JSON.stringify({
        format: 'dayframe-export',
        version: 1,
        journals: [{ title: 'A', entries: half }],
        goals: [...half, {}],
      }),
      'application/json',
      tooMany,
    );
    // Counted across the journal files of a Day One zip (each file checked as it is read).
    const photo = { creationDate: '2026-01-01T12:00:00Z' };
    const photos = Array.from({ length: IMPORT_LIMITS.items / 2 }, () => photo);
    const dayOne = (entries: object[]) => JSON.stringify({ metadata: { version: '1.0' }, entries });
    await refused(
      await zipOf(
        { 'A.json': dayOne(photos), 'B.json': dayOne([...photos, photo]) },
        { compress: false }, // stored, so a repetitive file stays under the 100:1 check
      ),
      'application/zip',
      tooMany,
    );
  });

  it('dates many Day One entries in a few zones exactly as one formatter per entry did', async () => {
    const user = app.sessions.newUser();
    const zones = ['America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'america/los_angeles'];
    const entries = Array.from({ length: 1200 }, (_, i) => {
      // Every 7 hours from the start of 2026: each zone crosses midnight and DST changes.
      const creationDate = new Date(Date.UTC(2026, 0, 1) + i * 7 * 3600_000).toISOString();
      return {
        uuid: `U${i}`,
        creationDate,
        timeZone: zones[i % zones.length],
        text: `Entry ${i}\nbody`,
      };
    });
    const res = await upload(
      app.url,
      user.token,
      JSON.stringify({ metadata: { version: '1.0' }, entries }),
      'application/json',
      '?journal=Zones',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ entries: { created: entries.length, skipped: 0 } });
    const { journals } = await stored(user);
    const dates = new Map(journals[0]!.entries.map((e) => [e.title, e.date]));
    for (const entry of entries)
      expect(dates.get(entry.text.split('\n')[0]!), entry.uuid).toBe(
        dayIn(entry.creationDate, entry.timeZone!),
      );
  });
});
