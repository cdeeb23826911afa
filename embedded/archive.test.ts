import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { confirmed } from '@dayframe/test-kit';
import { startEmbeddedApp } from './_harness.ts';

// Embedded topology (one process, SQLite): the gateway routes /api/export and /api/import to
// the archive mounted in-process, which calls journals', goals' and media's own export and import.
describe('export and import, embedded', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  beforeAll(async () => {
    gw = await startEmbeddedApp();
  });
  afterAll(() => gw?.stop());

  const verifiedUser = (name: string, email: string) => gw.verifiedUser(name, email);

  it('exports a zip through the gateway and imports it into another account', async () => {
    const ann = await verifiedUser('Ann', 'ann@example.com');
    const journal = await gw.api.call('POST', '/api/journals', {
      token: ann.token,
      body: { title: 'Garden' },
    });
    expect(journal.status).toBe(201);
    const photo = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 20, g: 160, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), 'seeds.jpg');
    const added = await fetch(new URL('/api/media', gw.url), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(added.status).toBe(201);
    const photoId = ((await added.json()) as { id: string }).id;
    const entry = await gw.api.call('POST', `/api/entry/${journal.body._id}`, {
      token: ann.token,
      body: { title: 'Seeds', content: `Tomatoes in\n\n![](media:${photoId})`, date: '2026-05-01' },
    });
    expect(entry.status).toBe(201);
    const goal = await gw.api.call('POST', '/api/goals', {
      token: ann.token,
      body: { title: 'Harvest', description: 'd', dateDue: '2026-09-01', dateSet: '2026-05-01' },
    });
    expect(goal.status).toBe(201);

    const exported = await fetch(new URL('/api/export?today=2026-05-02', gw.url), {
      headers: { authorization: `Bearer ${ann.token}`, ...(await confirmed(gw.api, ann)) },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('dayframe-export-2026-05-02.zip');
    const zip = new Uint8Array(await exported.arrayBuffer());
    expect(Buffer.from(zip.subarray(0, 2)).toString()).toBe('PK');

    const ben = await verifiedUser('Ben', 'ben@example.com');
    const imported = await fetch(new URL('/api/import', gw.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${ben.token}`, 'content-type': 'application/zip' },
      body: zip,
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({
      journals: { created: 1, matched: 0 },
      entries: { created: 1, skipped: 0 },
      goals: { created: 1, skipped: 0 },
      media: { created: 1, skipped: 0 },
      photosMissing: 0,
    });
    const bens = await gw.api.call('GET', '/api/export?format=json', {
      token: ben.token,
      headers: await confirmed(gw.api, ben),
    });
    // Which sign-in methods Ben has on, from identity mounted in the same process (issue 28).
    expect(bens.body.account).toEqual({ signIn: { password: true, totp: false, passkeys: 0 } });
    // Ben's copy of the photo, under its own id, the entry referring to it.
    const [bensPhoto] = bens.body.media as { id: string; bytes: number }[];
    expect(bensPhoto).toMatchObject({ bytes: photo.length });
    expect(bensPhoto!.id).not.toBe(photoId);
    expect(bens.body.journals[0]).toMatchObject({
      title: 'Garden',
      entries: [
        {
          title: 'Seeds',
          content: `Tomatoes in\n\n![](media:${bensPhoto!.id})`,
          date: '2026-05-01',
        },
      ],
    });
    expect(bens.body.goals[0]).toMatchObject({ title: 'Harvest', dateDue: '2026-09-01' });
    // The gateway lets an archive upload through up to 50 MB, and not past it.
    const huge = await fetch(new URL('/api/import', gw.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ben.token}`,
        'content-type': 'application/zip',
      },
      body: new Uint8Array(50 * 1024 * 1024 + 1),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/larger than 50 MB/);
  });
});
