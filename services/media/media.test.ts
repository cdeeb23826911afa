import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_SIZES_QUEUE } from '@dayframe/contracts';
import { nextLink, testSessions, type ApiClient, type TestUser } from '@dayframe/test-kit';
import {
  acceptedFiles,
  bigSidewaysPhoto,
  photoWithGps,
  pngBomb,
  sidewaysPhoto,
} from './_fixtures.ts';
import {
  startMediaTestApp,
  type JobsKind,
  type MediaTestApp,
  type StorageKind,
} from './_test-app.ts';
import { answered, streamBigUpload, upload } from './_upload.ts';

// The media service over HTTP: SQLite with files on disk and in-process jobs (npm start),
// MariaDB with an S3 bucket and BullMQ on Redis (a deployment).
const SETUPS: [string, 'sqlite' | 'mariadb', StorageKind, JobsKind][] = [
  ['SQLite and files', 'sqlite', 'files', 'in-process'],
  ['MariaDB and S3', 'mariadb', 's3', 'bullmq'],
];

describe.each(SETUPS)('media over HTTP on %s', (_name, kind, storageKind, jobsKind) => {
  const sessions = testSessions();
  let app: MediaTestApp;
  let api: ApiClient;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await startMediaTestApp(kind, storageKind, { sessions, jobs: jobsKind });
    api = app.api;
    alice = sessions.newUser();
    bob = sessions.newUser();
  }, 60_000);
  afterAll(() => app?.close());

  const add = (user: TestUser, name: string, bytes: Buffer) =>
    upload(app.url, user.token, [{ name, bytes }]);
  const fetchFile = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, app.url), { headers });
  const filesOf = async (user: TestUser) =>
    (await app.storedFiles()).filter((key) => key.startsWith(`${user.id}/`));
  /** The file as listed once the sizes job has made its thumbnail and display size. */
  const sized = async (user: TestUser, id: string) => {
    const listed = async () =>
      (await api.call('GET', `/api/media?ids=${id}`, { token: user.token })).body[0];
    await expect.poll(async () => (await listed())?.displayUrl, { timeout: 15_000 }).toBeDefined();
    return listed();
  };
  /** Queues an image's sizes job once more, as a redelivery would, and waits until it has run. */
  const askAgain = async (mediaId: string) => {
    const jobId = `again-${randomUUID()}`;
    await app.jobs.add(MEDIA_SIZES_QUEUE, { mediaId }, { jobId });
    await expect.poll(() => app.finishedJobs, { timeout: 15_000 }).toContain(jobId);
  };
  const rowsOf = async (user: TestUser) =>
    Number((await app.db('media').where({ user_id: user.id }).count({ n: '*' }).first())?.n);

  it('adds each accepted kind, typed by its bytes, and serves it by its signed link', async () => {
    const user = sessions.newUser();
    for (const file of await acceptedFiles()) {
      // The name and the part's header say nothing true: the type comes from the bytes.
      const added = await add(user, `${file.name}.txt`, file.bytes);
      expect(added.status, file.name).toBe(201);
      expect(added.body).toMatchObject({ contentType: file.type, bytes: file.bytes.length });
      expect(added.body.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/file\?exp=\d+&sig=[\w-]{43}$/);
      const served = await fetchFile(added.body.url);
      expect(served.status, file.name).toBe(200);
      expect(served.headers.get('content-type')).toBe(file.type);
      const image = file.type.startsWith('image/');
      const audio = file.type.startsWith('audio/');
      expect(served.headers.get('content-disposition')).toBe(
        `${image || audio ? 'inline' : 'attachment'}; filename="${added.body.id}.${file.name.split('.')[1]}"`,
      );
      const body = Buffer.from(await served.arrayBuffer());
      if (image) {
        expect(added.body).toMatchObject({ width: 40, height: 30 });
        expect(await sharp(body).metadata()).toMatchObject({ width: 40, height: 30 });
      } else {
        expect(added.body.width).toBeUndefined();
        expect(body).toEqual(file.bytes);
      }
    }
    expect(await rowsOf(user)).toBe(10);
  });

  it('answers a file with headers that keep it from acting as a page', async () => {
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const added = await add(alice, 'scan.pdf', pdf!.bytes);
    const served = await fetchFile(added.body.url);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
    expect(served.headers.get('cache-control')).toBe('private');
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    expect(served.headers.get('content-length')).toBe(String(pdf!.bytes.length));
  });

  it("refuses a kind it can't keep with a 415, whatever the name says, and keeps nothing", async () => {
    const user = sessions.newUser();
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('just some text that claims to be a photo'),
      Buffer.from('PK\x03\x04 a zip file'),
      Buffer.alloc(0),
    ]) {
      const refused = await add(user, 'photo.jpg', bytes);
      expect(answered(refused)).toEqual({
        status: 415,
        body: { message: "This kind of file can't be added.", code: 'unsupported_media_type' },
      });
    }
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
  });

  it('stops reading a file past 25 MB with a 413 and keeps none of it', async () => {
    const user = sessions.newUser();
    const head = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const total = 40 * 1024 * 1024;
    const answer = await streamBigUpload(app.url, user.token, head, total);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'Files can be at most 25 MB.',
      code: 'payload_too_large',
    });
    // The connection was closed on the client long before its 40 MB were sent.
    expect(answer.sentBytes).toBeGreaterThan(MEDIA_LIMITS.fileBytes);
    expect(answer.sentBytes).toBeLessThan(total);
    await expect.poll(() => filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const user = sessions.newUser();
    const refused = await add(user, 'bomb.png', pngBomb());
    expect(answered(refused)).toEqual({
      status: 422,
      body: { message: 'This image has too many pixels to show.', code: 'image_too_large' },
    });
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
  });

  it('refuses an image whose pixels cannot be read with a 422, and keeps none of it', async () => {
    const user = sessions.newUser();
    const photo = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    for (const bytes of [
      photo.subarray(0, photo.length / 2),
      Buffer.concat([photo.subarray(0, 200), Buffer.alloc(4000, 7)]),
    ]) {
      const refused = await add(user, 'broken.jpg', bytes);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('unreadable_image');
    }
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
  });

  it('serves a photo without its EXIF or GPS, keeps the original privately, and reads the day it was taken', async () => {
    const user = sessions.newUser();
    const photo = await photoWithGps();
    expect(await exifr.gps(photo)).toMatchObject({ latitude: 51.5 }); // the fixture has it
    const added = await add(user, 'holiday.jpg', photo);
    expect(added.status).toBe(201);
    expect(added.body.takenAt).toBe('2024-05-17'); // the camera's own day, not shifted to UTC
    const served = Buffer.from(await (await fetchFile(added.body.url)).arrayBuffer());
    expect(await exifr.gps(served)).toBeUndefined();
    expect(await exifr.parse(served)).toBeUndefined();
    await sized(user, added.body.id);
    expect((await filesOf(user)).sort()).toEqual([
      `${user.id}/${added.body.id}`,
      `${user.id}/${added.body.id}.display`,
      `${user.id}/${added.body.id}.original`,
      `${user.id}/${added.body.id}.thumb`,
    ]);
  });

  it('makes a 400 px thumbnail and a 1600 px display size in the background: WebP, upright, no EXIF', async () => {
    const user = sessions.newUser();
    const added = await add(user, 'tall.jpg', await bigSidewaysPhoto());
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ width: 1500, height: 2000 });
    const item = await sized(user, added.body.id);
    expect(item.thumbnailUrl).toMatch(
      /^\/api\/media\/[0-9a-f-]{36}\/file\?size=thumb&exp=\d+&sig=[\w-]{43}$/,
    );
    for (const [link, width, height] of [
      [item.thumbnailUrl, 300, 400],
      [item.displayUrl, 1200, 1600],
    ] as const) {
      const served = await fetchFile(link);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe('sandbox');
      const body = Buffer.from(await served.arrayBuffer());
      expect(served.headers.get('content-length')).toBe(String(body.length));
      // Upright (taller than wide, as the camera meant it), its aspect kept, nothing said of where.
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      // exifr reads no WebP: the container's own chunks say there is no EXIF or XMP in it.
      expect(body.includes('EXIF')).toBe(false);
      expect(body.includes('XMP ')).toBe(false);
    }
    // A small image is not enlarged: its sizes are its own size.
    const small = (await add(user, 'small.jpg', await photoWithGps())).body;
    const smallItem = await sized(user, small.id);
    const thumb = Buffer.from(await (await fetchFile(smallItem.thumbnailUrl)).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 40, height: 30 });
    // Audio and PDFs have no sizes.
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const scan = (await add(user, 'scan.pdf', pdf!.bytes)).body;
    expect(scan.thumbnailUrl).toBeUndefined();
    // Asked again (a redelivered job), it makes nothing twice; for a deleted file, nothing at all.
    const before = await filesOf(user);
    await askAgain(added.body.id);
    expect(await filesOf(user)).toEqual(before);
    expect((await sized(user, added.body.id)).thumbnailUrl).toBeDefined();
    await api.call('DELETE', `/api/media/${small.id}`, { token: user.token });
    await askAgain(small.id);
    expect((await filesOf(user)).filter((key) => key.includes(small.id))).toEqual([]);
  });

  it("opens a size only by its own link: another size, or none, in a size's signature is a 404", async () => {
    const user = sessions.newUser();
    const added = (await add(user, 'p.jpg', await photoWithGps())).body;
    const item = await sized(user, added.id);
    const altered = [
      item.thumbnailUrl.replace('size=thumb', 'size=display'),
      item.thumbnailUrl.replace('size=thumb&', ''),
      item.thumbnailUrl.replace('size=thumb', 'size=original'),
      item.displayUrl.replace('size=display', 'size=thumb'),
      item.url.replace('?', '?size=thumb&'),
    ];
    for (const link of altered) {
      const answer = await fetchFile(link);
      expect(answer.status, link).toBe(404);
      expect(await answer.json()).toEqual({ message: 'File not found.', code: 'media_not_found' });
    }
    expect((await fetchFile(item.thumbnailUrl)).status).toBe(200);
  });

  it('turns a photo upright by its orientation, and says its upright size', async () => {
    const added = await add(alice, 'sideways.jpg', await sidewaysPhoto());
    expect(added.body).toMatchObject({ width: 30, height: 40 });
    const served = Buffer.from(await (await fetchFile(added.body.url)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ width: 30, height: 40 });
  });

  it('opens a file only by an intact, unexpired link made for its owner: 404 otherwise', async () => {
    const [audio] = (await acceptedFiles()).filter((f) => f.type === 'audio/mpeg');
    const mine = (await add(alice, 'a.mp3', audio!.bytes)).body;
    const theirs = (await add(bob, 'b.mp3', audio!.bytes)).body;
    expect((await fetchFile(mine.url)).status).toBe(200); // no bearer token needed
    const query = (url: string) => new URL(url, app.url).search;
    const wrong = [
      // Bob's signature on Alice's file.
      `/api/media/${mine.id}/file${query(theirs.url)}`,
      // One character of the signature changed.
      mine.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
      // A later expiry with the same signature.
      mine.url.replace(/exp=(\d+)/, (_: string, exp: string) => `exp=${Number(exp) + 3600}`),
      `/api/media/${mine.id}/file`,
      `/api/media/${mine.id}/file?exp=&sig=`,
      `/api/media/not-an-id/file${query(mine.url)}`,
      `/api/media/00000000-0000-4000-8000-000000000000/file${query(mine.url)}`,
    ];
    for (const url of wrong) {
      const answer = await fetchFile(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.json()).toEqual({ message: 'File not found.', code: 'media_not_found' });
    }
    app.clock.advance(MEDIA_LIMITS.urlSeconds * 1000 + 1000);
    try {
      expect((await fetchFile(mine.url)).status).toBe(404);
      // A fresh list carries a fresh link.
      const listed = await api.call('GET', '/api/media', { token: alice.token });
      const fresh = listed.body.find((item: { id: string }) => item.id === mine.id);
      expect((await fetchFile(fresh.url)).status).toBe(200);
    } finally {
      app.clock.advance(-(MEDIA_LIMITS.urlSeconds * 1000 + 1000));
    }
  });

  it('answers a byte range with a 206, one past the end with a 416', async () => {
    const [audio] = (await acceptedFiles()).filter((f) => f.type === 'audio/ogg');
    const bytes = audio!.bytes;
    const added = (await add(alice, 'v.ogg', bytes)).body;
    const first = await fetchFile(added.url, { range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    const tail = await fetchFile(added.url, { range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 5));
    const open = await fetchFile(added.url, { range: `bytes=${bytes.length - 3}-` });
    expect(Buffer.from(await open.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 3));
    const past = await fetchFile(added.url, { range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    // A form it does not serve (several ranges) is ignored: the whole file.
    const several = await fetchFile(added.url, { range: 'bytes=0-1,4-5' });
    expect(several.status).toBe(200);
    expect(Buffer.from(await several.arrayBuffer())).toEqual(bytes);
  });

  it("lists the caller's files newest first, a page at a time, and what they use of the quota", async () => {
    const user = sessions.newUser();
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push((await add(user, `${n}.pdf`, pdf!.bytes)).body.id);
    await add(bob, 'other.pdf', pdf!.bytes);
    const first = await api.call('GET', '/api/media?limit=2', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const next = nextLink(first.headers);
    expect(next).not.toBeNull();
    const second = await api.call('GET', next!, { token: user.token });
    expect(second.body.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect(nextLink(second.headers)).toBeNull();
    const usage = await api.call('GET', '/api/media/usage', { token: user.token });
    expect(usage.body).toEqual({ used: 3 * pdf!.bytes.length, quota: MEDIA_LIMITS.quotaBytes });
  });

  it("answers the caller's files by id, in the order asked, leaving out any that are not theirs", async () => {
    const user = sessions.newUser();
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const mine = [];
    for (let n = 0; n < 2; n++) mine.push((await add(user, `${n}.pdf`, pdf!.bytes)).body.id);
    const bobs = (await add(bob, 'b.pdf', pdf!.bytes)).body.id;
    const gone = '00000000-0000-4000-8000-000000000000';
    const asked = [mine[1], bobs, gone, mine[0], mine[1]!.toUpperCase()].join(',');
    const found = await api.call('GET', `/api/media?ids=${asked}`, { token: user.token });
    expect(found.status).toBe(200);
    expect(found.body.map((item: { id: string }) => item.id)).toEqual([mine[1], mine[0]]);
    expect((await fetchFile(found.body[0].url)).status).toBe(200);
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    for (const ids of ['x', tooMany, `${mine[0]},../etc`]) {
      const refused = await api.call('GET', `/api/media?ids=${ids}`, { token: user.token });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('bad_media_ids');
    }
  });

  it('deletes a file, its bytes with it; another account cannot', async () => {
    const user = sessions.newUser();
    const added = (await add(user, 'p.jpg', await photoWithGps())).body;
    const item = await sized(user, added.id);
    expect(await filesOf(user)).toHaveLength(4); // served, original, thumbnail, display size
    const byBob = await api.call('DELETE', `/api/media/${added.id}`, { token: bob.token });
    expect(byBob.status).toBe(404);
    const deleted = await api.call('DELETE', `/api/media/${added.id}`, { token: user.token });
    expect(deleted).toMatchObject({ status: 200, body: { message: 'File deleted.' } });
    expect((await fetchFile(added.url)).status).toBe(404);
    expect((await fetchFile(item.thumbnailUrl)).status).toBe(404);
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
    const again = await api.call('DELETE', `/api/media/${added.id}`, { token: user.token });
    expect(again.status).toBe(404);
  });

  it('removes every file and row of an account when asked (account.deleted, the orphan sweep)', async () => {
    const user = sessions.newUser();
    for (const file of (await acceptedFiles()).slice(0, 3)) {
      const added = (await add(user, file.name, file.bytes)).body;
      await sized(user, added.id);
    }
    const kept = (await add(bob, 'kept.jpg', await photoWithGps())).body;
    await sized(bob, kept.id);
    const bobsFiles = await filesOf(bob);
    expect(await app.service.userIdsAfter('', 100)).toContain(user.id);
    await app.service.deleteAccountData(user.id);
    await app.service.deleteAccountData(user.id); // a redelivered event is harmless
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
    expect(await filesOf(bob)).toEqual(bobsFiles);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const user = sessions.newUser();
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    expect((await upload(app.url, undefined, [{ name: 'a.pdf', bytes: pdf!.bytes }])).status).toBe(
      401,
    );
    const noFile = await upload(app.url, user.token, [], { caption: 'no file here' });
    expect(answered(noFile)).toEqual({
      status: 400,
      body: { message: 'Choose a file to add.', code: 'no_file' },
    });
    const two = await upload(app.url, user.token, [
      { name: 'a.pdf', bytes: pdf!.bytes },
      { name: 'b.pdf', bytes: pdf!.bytes },
    ]);
    expect(answered(two)).toEqual({
      status: 400,
      body: { message: 'Add one file at a time.', code: 'one_file' },
    });
    const json = await api.call('POST', '/api/media', { token: user.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const broken = await api.call('POST', '/api/media', {
      token: user.token,
      rawBody: '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n%PDF-1.4',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(broken.status).toBe(400);
    expect(await filesOf(user)).toEqual([]);
    expect(await rowsOf(user)).toBe(0);
    for (const path of [
      '/api/media?cursor=nonsense',
      '/api/media?cursor=eyJzZXEiOi0xfQ',
      '/api/media?limit=0',
    ])
      expect((await api.call('GET', path, { token: user.token })).status, path).toBe(400);
    for (const id of ['x', '00000000-0000-4000-8000-000000000000'])
      expect((await api.call('DELETE', `/api/media/${id}`, { token: user.token })).status).toBe(
        404,
      );
  });
});
