import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TestUser } from '@dayframe/test-kit';
import {
  startArchiveTestApp,
  unzip,
  unzipBytes,
  upload,
  zipOf,
  type ArchiveTestApp,
} from './_test-app.ts';

// Files in export and import (issue 26): the zip carries each file as uploaded, an import stores
// them through media (new ids, deduplicated by their bytes, within the quota) and rewrites the
// entries' references; Day One's photos come in the same way. Both topologies: the archive
// asking media over its internal endpoints, and calling it in-process (as the embedded app does).

const QUOTA = 400_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const photo = (r: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
/** A PDF the size of `bytes` (its type is read from its first bytes). */
const pdfOf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

describe.each([
  ['sqlite', 'in-process'],
  ['mariadb', 'http'],
] as const)('media in export and import on %s, %s', (kind, topology) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind, { topology, mediaQuotas: { bytes: QUOTA } });
  });
  afterAll(() => app?.close());

  async function call(user: TestUser, method: string, path: string, body?: object) {
    const answer = await app.journalsApi.call(method, path, { token: user.token, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body;
  }

  async function media(user: TestUser, path: string) {
    const response = await fetch(new URL(path, app.mediaUrl), {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function addFile(user: TestUser, bytes: Buffer, name: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(new URL('/api/media', app.mediaUrl), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const used = async (user: TestUser) => (await media(user, '/api/media/usage')).used as number;

  /** What a person's entries say, journal by journal. */
  async function entries(user: TestUser) {
    const journals = (await call(user, 'GET', '/api/journals')) as { _id: string }[];
    const all: { title: string; content: string }[] = [];
    for (const journal of journals)
      all.push(...((await call(user, 'GET', `/api/entry/${journal._id}?limit=100`)) as []));
    return all;
  }

  async function exportOf(user: TestUser, format = 'zip') {
    const response = await fetch(new URL(`/api/export?format=${format}`, app.url), {
      headers: { authorization: `Bearer ${user.token}`, ...app.sessions.confirmed(user) },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('exports each file as uploaded, and imports them into another account under new ids, once', async () => {
    const alice = app.sessions.newUser();
    const jpeg = await photo(10);
    const pdf = pdfOf(2_000);
    const photoId = await addFile(alice, jpeg, 'tram.jpg');
    const pdfId = await addFile(alice, pdf, 'ticket.pdf');
    const journal = await call(alice, 'POST', '/api/journals', { title: 'Trips' });
    await call(alice, 'POST', `/api/entry/${journal._id}`, {
      title: 'Lisbon',
      content: `![The tram](media:${photoId})\n\nTicket: [pdf](media:${pdfId})`,
      date: '2026-03-01',
    });

    const zip = await exportOf(alice);
    const files = await unzipBytes(zip);
    // The original, as uploaded (the served copy is re-encoded without EXIF).
    expect(files.get(`media/${photoId}.jpg`)?.equals(jpeg)).toBe(true);
    expect(files.get(`media/${pdfId}.pdf`)?.equals(pdf)).toBe(true);
    const data = JSON.parse(files.get('dayframe.json')!.toString('utf-8'));
    expect(data.media).toEqual([
      {
        id: photoId,
        contentType: 'image/jpeg',
        bytes: jpeg.length,
        sha256: sha256(jpeg),
        file: `media/${photoId}.jpg`,
      },
      {
        id: pdfId,
        contentType: 'application/pdf',
        bytes: pdf.length,
        sha256: sha256(pdf),
        file: `media/${pdfId}.pdf`,
      },
    ]);
    // The JSON export lists the files without carrying them; the text keeps its references.
    const json = JSON.parse((await exportOf(alice, 'json')).toString('utf-8'));
    expect(json.media.map((m: { id: string }) => m.id)).toEqual([photoId, pdfId]);

    const bob = app.sessions.newUser();
    const first = await upload(app.url, bob.token, zip, 'application/zip');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      entries: { created: 1 },
      media: { created: 2, skipped: 0 },
      photosMissing: 0,
    });
    const [entry] = await entries(bob);
    const ids = [...entry!.content.matchAll(/media:([0-9a-f-]{36})/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(photoId);
    expect(entry!.content).toBe(`![The tram](media:${ids[0]})\n\nTicket: [pdf](media:${ids[1]})`);
    const shown = await media(bob, `/api/media?ids=${ids.join(',')}`);
    expect(shown.map((m: { contentType: string }) => m.contentType)).toEqual([
      'image/jpeg',
      'application/pdf',
    ]);
    expect(await used(bob)).toBe(jpeg.length + pdf.length);

    // The same zip again: the entry is there, and so are the files (same bytes): no copies.
    const again = await upload(app.url, bob.token, zip, 'application/zip');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      entries: { skipped: 1 },
      media: { created: 0, skipped: 2 },
    });
    expect(await used(bob)).toBe(jpeg.length + pdf.length);
    expect((await media(bob, '/api/media')).length).toBe(2);
  });

  it('refuses a media list that does not match the zip, writing nothing', async () => {
    const carol = app.sessions.newUser();
    const jpeg = await photo(20);
    const id = '6f1c1d8e-3b7a-4f2e-9c1d-0a1b2c3d4e5f';
    const dayframe = (media: unknown[]) =>
      JSON.stringify({
        format: 'dayframe-export',
        version: 2,
        journals: [
          {
            title: 'Trips',
            entries: [{ title: 'One', content: `![](media:${id})`, date: '2026-03-01' }],
          },
        ],
        goals: [],
        media,
      });
    const listed = { id, file: `media/${id}.jpg`, bytes: jpeg.length, sha256: sha256(jpeg) };

    const missing = await upload(
      app.url,
      carol.token,
      await zipOf({ 'dayframe.json': dayframe([listed]) }),
      'application/zip',
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_archive' });
    expect(missing.body.message).toContain(`media/${id}.jpg is listed in dayframe.json`);

    const swapped = await upload(
      app.url,
      carol.token,
      await zipOf({ 'dayframe.json': dayframe([listed]), [`media/${id}.jpg`]: await photo(30) }),
      'application/zip',
    );
    expect(swapped.status).toBe(400);
    expect(swapped.body.message).toContain('does not match the size and sha256');

    const notAList = await upload(
      app.url,
      carol.token,
      await zipOf({ 'dayframe.json': dayframe('x' as unknown as unknown[]) }),
      'application/zip',
    );
    expect(notAList.status).toBe(400);
    expect(notAList.body.message).toContain('media must be a list');

    // Listed and intact, but not a kind of file media keeps: refused by media, naming it.
    const text = Buffer.from('just some notes, not a photo');
    const notMedia = await upload(
      app.url,
      carol.token,
      await zipOf({
        'dayframe.json': dayframe([
          { id, file: `media/${id}.txt`, bytes: text.length, sha256: sha256(text) },
        ]),
        [`media/${id}.txt`]: text,
      }),
      'application/zip',
    );
    expect(notMedia.status).toBe(415);
    expect(notMedia.body.message).toBe(`media/${id}.txt: This kind of file can't be added.`);

    expect(await call(carol, 'GET', '/api/journals')).toEqual([]);
    expect(await used(carol)).toBe(0);
  });

  it('refuses files past the media quota before anything is stored or written', async () => {
    const dave = app.sessions.newUser();
    await addFile(dave, pdfOf(QUOTA - 50_000), 'big.pdf');
    const pdf = pdfOf(60_000);
    const id = '0e2a9a4c-5d1b-4c3e-8f7a-112233445566';
    const zip = await zipOf({
      'dayframe.json': JSON.stringify({
        format: 'dayframe-export',
        version: 2,
        journals: [{ title: 'J', entries: [{ title: 'A', content: 'text', date: '2026-03-01' }] }],
        goals: [],
        media: [{ id, file: `media/${id}.pdf`, bytes: pdf.length, sha256: sha256(pdf) }],
      }),
      [`media/${id}.pdf`]: pdf,
    });
    const refused = await upload(app.url, dave.token, zip, 'application/zip');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'quota_exceeded' });
    expect(await call(dave, 'GET', '/api/journals')).toEqual([]);
    expect(await used(dave)).toBe(QUOTA - 50_000);
  });

  /** A Day One journal file whose entries refer to photos. */
  function dayOneJournal(photos: { identifier: string; md5: string }[]) {
    return JSON.stringify({
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'E1',
          creationDate: '2026-03-01T10:00:00Z',
          timeZone: 'Europe/Lisbon',
          text: `![](dayone-moment://${photos[0]!.identifier})\n# Lisbon\nThe tram, then ![](dayone-moment://${photos[1]!.identifier}) the river.`,
          photos: photos.map((p) => ({ ...p, type: 'jpeg' })),
        },
        {
          uuid: 'E2',
          creationDate: '2026-03-02T10:00:00Z',
          text: `![](dayone-moment://${photos[1]!.identifier})`,
          photos: [{ ...photos[1]!, type: 'jpeg' }],
        },
      ],
    });
  }

  it("imports a Day One zip's photos and refers to them as media", async () => {
    const erin = app.sessions.newUser();
    const [one, two] = [await photo(40), await photo(50)];
    const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
    const photos = [
      { identifier: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', md5: md5(one) },
      { identifier: '0F1E2D3C4B5A69788796A5B4C3D2E1F0', md5: md5(two) },
    ];
    const zip = await zipOf({
      'Journal.json': dayOneJournal(photos),
      [`photos/${md5(one)}.jpeg`]: one,
      [`photos/${md5(two)}.jpeg`]: two,
    });
    const answer = await upload(app.url, erin.token, zip, 'application/zip');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      entries: { created: 2 },
      media: { created: 2, skipped: 0 },
      photosMissing: 0,
    });
    const written = await entries(erin);
    const lisbon = written.find((e) => e.title === 'Lisbon')!;
    const [first, second] = [...lisbon.content.matchAll(/media:([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(lisbon.content).toBe(
      `![](media:${first})\nThe tram, then ![](media:${second}) the river.`,
    );
    // A photo alone is an entry without a title, the same file as the other entry's.
    expect(written.find((e) => e.title === '')?.content).toBe(`![](media:${second})`);
    const shown = await media(erin, `/api/media?ids=${first},${second}`);
    expect(shown).toHaveLength(2);
    expect(await used(erin)).toBe(one.length + two.length);
    expect(JSON.stringify(written)).not.toContain('dayone-moment');
  });

  it('takes the photos of a JSON-only Day One export out of the text and counts them', async () => {
    const frank = app.sessions.newUser();
    const photos = [
      { identifier: 'AAAA0000BBBB1111CCCC2222DDDD3333', md5: 'a'.repeat(32) },
      { identifier: 'EEEE4444FFFF5555AAAA6666BBBB7777', md5: 'b'.repeat(32) },
    ];
    const answer = await upload(
      app.url,
      frank.token,
      dayOneJournal(photos),
      'application/json',
      '?journal=Phone',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The second entry was a photo alone: nothing is left of it to import.
    expect(answer.body).toMatchObject({ entries: { created: 1 }, photosMissing: 3 });
    const written = await entries(frank);
    expect(written).toMatchObject([{ title: 'Lisbon', content: 'The tram, then  the river.' }]);
    expect(JSON.stringify(written)).not.toContain('dayone-moment');
    expect(await used(frank)).toBe(0);
  });

  it('exports an account without files as before: an empty media list', async () => {
    const gina = app.sessions.newUser();
    const files = await unzip(await exportOf(gina));
    expect(JSON.parse(files.get('dayframe.json')!).media).toEqual([]);
    expect([...files.keys()].some((name) => name.startsWith('media/'))).toBe(false);
  });
});
