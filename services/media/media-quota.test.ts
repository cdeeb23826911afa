import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, testSessions } from '@dayframe/test-kit';
import { acceptedFiles } from './_fixtures.ts';
import { startMediaTestApp, type MediaTestApp } from './_test-app.ts';
import { answered, holdUpload, streamBigUpload, upload } from './_upload.ts';
import { MEDIA_QUOTAS } from './mod.ts';

describe('the media quota', () => {
  it('is 2 GB of uploads per person by default', () => {
    expect(MEDIA_QUOTAS).toEqual({ bytes: 2_000_000_000 });
  });
});

describe.each(DATABASE_KINDS)('the media quota and upload limits over HTTP on %s', (kind) => {
  const sessions = testSessions();
  const QUOTA = 3000;
  // Lowered so a test reaches them in a few uploads: 8 a minute, 3 at once per account (as
  // deployed), 4 at once in the process.
  const UPLOADS = { perMinute: 8, inFlight: 3, perProcess: 4 };
  let app: MediaTestApp;

  beforeAll(async () => {
    app = await startMediaTestApp(kind, 'files', {
      sessions,
      quotas: { bytes: QUOTA },
      uploads: UPLOADS,
    });
  });
  afterAll(() => app?.close());

  const filesOf = async (userId: string) =>
    (await app.storedFiles()).filter((key) => key.startsWith(`${userId}/`));
  // The files by id: a photo's sizes (and their drafts) come and go with the background job.
  const idsOf = async (userId: string) => [
    ...new Set((await filesOf(userId)).map((key) => key.split('/')[1]!.split('.')[0])),
  ];

  it('counts what was uploaded, refuses a file that would pass it with a 409 and keeps none of it', async () => {
    const alice = sessions.newUser();
    const bob = sessions.newUser();
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const size = pdf!.bytes.length; // over 500 bytes: five fit in 3,000, not six
    const kept = Math.floor(QUOTA / size);
    for (let n = 0; n < kept; n++)
      expect(
        (await upload(app.url, alice.token, [{ name: 'a.pdf', bytes: pdf!.bytes }])).status,
      ).toBe(201);
    const before = await filesOf(alice.id);
    const refused = await upload(app.url, alice.token, [{ name: 'a.pdf', bytes: pdf!.bytes }]);
    expect(answered(refused)).toEqual({
      status: 409,
      body: { message: 'You have reached the limit of 3 kB of files.', code: 'quota_exceeded' },
    });
    expect(await filesOf(alice.id)).toEqual(before);
    const usage = await app.api.call('GET', '/api/media/usage', { token: alice.token });
    expect(usage.body).toEqual({ used: kept * size, quota: QUOTA });
    // Another person's quota is their own.
    expect((await upload(app.url, bob.token, [{ name: 'b.pdf', bytes: pdf!.bytes }])).status).toBe(
      201,
    );
  });

  it('refuses a streamed upload the moment it passes the quota', async () => {
    const carol = sessions.newUser();
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const answer = await streamBigUpload(app.url, carol.token, pdf!.bytes, 4 * 1024 * 1024);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('quota_exceeded');
    await expect.poll(() => filesOf(carol.id)).toEqual([]);
  });

  it('lets an account start so many uploads a minute, then answers 429 with Retry-After and keeps nothing', async () => {
    const dave = sessions.newUser();
    const photo = (await acceptedFiles())[0]!; // a small JPEG, well within the quota
    for (let n = 0; n < UPLOADS.perMinute; n++)
      expect(
        (await upload(app.url, dave.token, [{ name: 'p.jpg', bytes: photo.bytes }])).status,
      ).toBe(201);
    const before = await idsOf(dave.id);
    const refused = await upload(app.url, dave.token, [{ name: 'p.jpg', bytes: photo.bytes }]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'You are adding files very quickly. Wait a minute, then try again.',
      code: 'too_many_uploads',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await idsOf(dave.id)).toEqual(before);
    // Another account counts its own minute.
    const erin = sessions.newUser();
    expect(
      (await upload(app.url, erin.token, [{ name: 'p.jpg', bytes: photo.bytes }])).status,
    ).toBe(201);
    // The next minute, dave may again.
    app.clock.advance(wait * 1000);
    expect(
      (await upload(app.url, dave.token, [{ name: 'p.jpg', bytes: photo.bytes }])).status,
    ).toBe(201);
  });

  it('holds an account to 3 uploads at once (429) and the process to its bound (503), reading none of the refused', async () => {
    const [pdf] = (await acceptedFiles()).filter((f) => f.type === 'application/pdf');
    const [fay, gus, hal] = [sessions.newUser(), sessions.newUser(), sessions.newUser()];
    // Uploads that have sent their first bytes and go no further, as a slow phone's would.
    const held = [fay, fay, fay].map((user) => holdUpload(app.url, user.token, pdf!.bytes));
    await expect.poll(() => app.service.uploadsInFlight()).toBe(3);
    const fourth = await upload(app.url, fay.token, [{ name: 'a.pdf', bytes: pdf!.bytes }]);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('uploads_in_flight');
    expect(fourth.body.message).toMatch(/already on their way/);
    expect(fourth.headers.get('retry-after')).toBe('1');
    // Another account is let in, up to the process's bound; past it, 503 for anyone.
    held.push(holdUpload(app.url, gus.token, pdf!.bytes));
    await expect.poll(() => app.service.uploadsInFlight()).toBe(UPLOADS.perProcess);
    const busy = await upload(app.url, hal.token, [{ name: 'a.pdf', bytes: pdf!.bytes }]);
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({
      message: 'Files are busy right now. Try again in a moment.',
      code: 'uploads_busy',
    });
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await filesOf(hal.id)).toEqual([]);
    // Cut off, the held uploads give their places back and keep nothing.
    for (const upload of held) upload.cut();
    await Promise.all(held.map((upload) => upload.answer));
    await expect.poll(() => app.service.uploadsInFlight()).toBe(0);
    await expect.poll(() => filesOf(fay.id)).toEqual([]);
    expect((await upload(app.url, hal.token, [{ name: 'a.pdf', bytes: pdf!.bytes }])).status).toBe(
      201,
    );
  });
});
