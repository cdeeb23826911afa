import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, testSessions } from '@dayframe/test-kit';
import { acceptedFiles } from './_fixtures.ts';
import { startMediaTestApp, type MediaTestApp } from './_test-app.ts';
import { streamBigUpload, upload } from './_upload.ts';
import { MEDIA_QUOTAS } from './mod.ts';

describe('the media quota', () => {
  it('is 2 GB of uploads per person by default', () => {
    expect(MEDIA_QUOTAS).toEqual({ bytes: 2_000_000_000 });
  });
});

describe.each(DATABASE_KINDS)('the media quota over HTTP on %s', (kind) => {
  const sessions = testSessions();
  const QUOTA = 3000;
  let app: MediaTestApp;

  beforeAll(async () => {
    app = await startMediaTestApp(kind, 'files', { sessions, quotas: { bytes: QUOTA } });
  });
  afterAll(() => app?.close());

  const filesOf = async (userId: string) =>
    (await app.storedFiles()).filter((key) => key.startsWith(`${userId}/`));

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
    expect(refused).toEqual({
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
});
