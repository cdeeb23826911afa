import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMediaFile, itemWithThumbnail } from '@dayframe/test-kit';
import { startEmbeddedApp } from './_harness.ts';

// The media service behind the embedded gateway (`npm start`): an upload larger than the
// gateway's 200 KB body limit gets through, and a file's own headers are not replaced by the
// gateway's page headers.
describe('media through the embedded gateway', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  let token: string;
  beforeAll(async () => {
    gw = await startEmbeddedApp({ ORPHAN_SWEEP_FIRST_MS: '3600000' });
    token = (await gw.verifiedUser('Ada', 'ada@example.com')).token;
  });
  afterAll(() => gw?.stop());

  const uploadPdf = (bytes: number) => {
    const form = new FormData();
    const pdf = new Uint8Array(bytes).fill(0x20);
    pdf.set(new TextEncoder().encode('%PDF-1.4\n'));
    form.append('file', new Blob([pdf]), 'scan.pdf');
    return fetch(new URL('/api/media', gw.url), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  };

  it("takes a file past the gateway's JSON limit and serves it with the file's own headers", async () => {
    const added = await uploadPdf(300_000);
    expect(added.status).toBe(201);
    const { url, bytes } = (await added.json()) as { url: string; bytes: number };
    expect(bytes).toBe(300_000);
    const served = await fetch(new URL(url, gw.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toBe('sandbox');
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private');
    expect((await served.arrayBuffer()).byteLength).toBe(300_000);
  });

  it('refuses at the gateway an upload that says it is past the limit', async () => {
    const refused = await uploadPdf(26_000_000);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({
      message: 'Files can be at most 25 MB.',
      code: 'payload_too_large',
    });
  });

  it("makes an image's thumbnail on the app's one job bus, beside the mail", async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const added = await addMediaFile(gw.url, token, { name: 'lake.jpg', bytes: photo });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const { thumbnailUrl } = await itemWithThumbnail(gw.api, token, id);
    const thumb = await fetch(new URL(thumbnailUrl, gw.url));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
      height: 267,
    });
  });
});
