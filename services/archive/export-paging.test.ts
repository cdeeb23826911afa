import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, entriesExportPage, goalsExportPage } from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, unzip, upload, type ArchiveTestApp } from './_test-app.ts';

type Exported = {
  journals: { _id: string; title: string; entries: { _id: string; date: string }[] }[];
  goals: { _id: string; completed: boolean }[];
};

const isoDay = (n: number) =>
  new Date(Date.parse('2016-01-01T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);

/** A `dayframe.json` of `entries` entries (a few on the same day) and `goals` goals. */
function bigExport(entries: number, goals: number) {
  return {
    format: 'dayframe-export',
    version: 1,
    exportedAt: '2026-11-23T10:00:00.000Z',
    journals: [
      {
        title: 'Daily',
        description: 'Every day',
        createdAt: '2016-01-01T08:00:00.000Z',
        entries: Array.from({ length: entries }, (_, i) => ({
          title: `Day ${i + 1}`,
          content: `Entry ${i + 1}: ${'words '.repeat(40)}`,
          date: isoDay(Math.floor(i / 3)),
        })),
      },
      { title: 'Empty', description: '', entries: [] },
    ],
    goals: Array.from({ length: goals }, (_, i) => ({
      title: `Goal ${i + 1}`,
      description: 'Worth doing',
      completed: i % 3 === 0,
      dateSet: isoDay(i),
      dateDue: isoDay(i + 30),
      dateComplete: i % 3 === 0 ? isoDay(i + 5) : null,
    })),
  };
}

/** An export without ids (which are new in another account). */
function withoutIds(data: Exported) {
  return {
    journals: data.journals.map(({ _id, entries, ...journal }) => ({
      ...journal,
      entries: entries.map(({ _id: _e, ...entry }) => entry),
    })),
    goals: data.goals.map(({ _id, ...goal }) => goal),
  };
}

describe.each(DATABASE_KINDS)('export read in pages on %s', (kind) => {
  let app: ArchiveTestApp;
  let small: ArchiveTestApp;
  beforeAll(async () => {
    [app, small] = await Promise.all([
      startArchiveTestApp(kind),
      // Pages of two, so a handful of rows already spans several pages.
      startArchiveTestApp(kind, { exportPageSize: 2 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), small?.close()]);
  });

  async function exportJson(on: ArchiveTestApp, user: TestUser): Promise<Exported> {
    const res = await on.api.call('GET', '/api/export?format=json', {
      token: user.token,
      headers: on.sessions.confirmed(user),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe(JSON.stringify(res.body, null, 2));
    return res.body as Exported;
  }

  it("journals and goals answer their export in pages, each with the next page's cursor", async () => {
    const alice = small.sessions.newUser();
    const bob = small.sessions.newUser();
    const seeded = await upload(
      small.url,
      alice.token,
      JSON.stringify(bigExport(5, 5)),
      'application/json',
    );
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const journals = await small.journalsApi.call('GET', '/internal/export', {
      token: alice.token,
    });
    expect(journals.status).toBe(200);
    expect(journals.body.journals.map((j: { title: string }) => j.title)).toEqual([
      'Daily',
      'Empty',
    ]);
    const daily = journals.body.journals[0]._id as string;

    const walk = async <T>(
      api: ArchiveTestApp['journalsApi'],
      path: string,
      token: string,
      read: (body: unknown) => { items: T[]; next: string | null },
    ) => {
      const pages: T[][] = [];
      let after: string | null = null;
      do {
        const res = await api.call(
          'GET',
          `${path}${path.includes('?') ? '&' : '?'}limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          { token },
        );
        expect(res.status, res.text).toBe(200);
        const page = read(res.body);
        pages.push(page.items);
        after = page.next;
      } while (after);
      return pages;
    };
    const entryPages = await walk(
      small.journalsApi,
      `/internal/export/entries?journal=${daily}`,
      alice.token,
      (body) => {
        const page = entriesExportPage.parse(body);
        return { items: page.entries, next: page.next };
      },
    );
    expect(entryPages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(entryPages.flat().map((e) => e.title)).toEqual([
      'Day 1',
      'Day 2',
      'Day 3',
      'Day 4',
      'Day 5',
    ]);
    const goalPages = await walk(small.goalsApi, '/internal/export', alice.token, (body) => {
      const page = goalsExportPage.parse(body);
      return { items: page.goals, next: page.next };
    });
    expect(goalPages.map((page) => page.length)).toEqual([2, 2, 1]);
    // Active first, then completed, each as written.
    expect(goalPages.flat().map((g) => g.title)).toEqual([
      'Goal 2',
      'Goal 3',
      'Goal 5',
      'Goal 1',
      'Goal 4',
    ]);

    // Another user's token reads nothing of Alice's journal; a made-up cursor or limit is a 400.
    const stranger = await small.journalsApi.call(
      'GET',
      `/internal/export/entries?journal=${daily}`,
      {
        token: bob.token,
      },
    );
    expect(stranger.body).toEqual({ entries: [], next: null });
    for (const query of [
      '&after=2026-01-01',
      '&after=x.1',
      '&limit=0',
      '&limit=501',
      '&from=2026-02-30',
    ])
      expect(
        (
          await small.journalsApi.call('GET', `/internal/export/entries?journal=${daily}${query}`, {
            token: alice.token,
          })
        ).status,
        query,
      ).toBe(400);
    expect(
      (await small.journalsApi.call('GET', '/internal/export/entries', { token: alice.token }))
        .status,
    ).toBe(400);
    expect(
      (await small.goalsApi.call('GET', '/internal/export?after=c', { token: alice.token })).status,
    ).toBe(400);
    expect(
      (await small.journalsApi.call('GET', `/internal/export/entries?journal=${daily}`)).status,
    ).toBe(401);
  });

  it('an account over several pages exports every entry and goal exactly once, in the zip and the JSON', async () => {
    const alice = small.sessions.newUser();
    await upload(small.url, alice.token, JSON.stringify(bigExport(7, 5)), 'application/json');
    const data = await exportJson(small, alice);
    const entries = data.journals.flatMap((j) => j.entries);
    expect(entries).toHaveLength(7);
    expect(new Set(entries.map((e) => e._id)).size).toBe(7);
    expect(data.goals).toHaveLength(5);
    expect(new Set(data.goals.map((g) => g._id)).size).toBe(5);
    const ranged = await small.api.call(
      'GET',
      `/api/export?format=json&from=${isoDay(1)}&to=${isoDay(1)}`,
      { token: alice.token, headers: small.sessions.confirmed(alice) },
    );
    expect(ranged.body.journals[0].entries.map((e: { title: string }) => e.title)).toEqual([
      'Day 4',
      'Day 5',
      'Day 6',
    ]);

    const zip = await fetch(new URL('/api/export', small.url), {
      headers: { authorization: `Bearer ${alice.token}`, ...small.sessions.confirmed(alice) },
    });
    const files = await unzip(Buffer.from(await zip.arrayBuffer()));
    const markdown = [...files.keys()].filter((name) => name.startsWith('journals/'));
    expect(markdown).toHaveLength(7);
    expect(JSON.parse(files.get('dayframe.json')!)).toEqual({
      ...data,
      exportedAt: expect.any(String),
    });
    expect(files.get('goals.md')!.match(/^- \*\*/gm)).toHaveLength(5);
  });

  it('an owner down answers 503 before anything is sent; one failing midway cuts the download short', async () => {
    const alice = small.sessions.newUser();
    await upload(small.url, alice.token, JSON.stringify(bigExport(3, 5)), 'application/json');
    try {
      small.control.failGoalReads = 'always';
      const down = await small.api.call('GET', '/api/export?format=json', {
        token: alice.token,
        headers: small.sessions.confirmed(alice),
      });
      expect(down.status).toBe(503);
      expect(down.body.message).toBe(ARCHIVE_MESSAGES.unavailable);
      // The first page of goals comes, the next does not: the answer has begun (200), so the
      // download is cut off, never ended as if it were whole.
      small.control.failGoalReads = 'after the first page';
      for (const query of ['?format=json', '']) {
        const response = await fetch(new URL(`/api/export${query}`, small.url), {
          headers: { authorization: `Bearer ${alice.token}`, ...small.sessions.confirmed(alice) },
          signal: AbortSignal.timeout(15_000),
        });
        expect(response.status).toBe(200);
        const error = await response.arrayBuffer().then(
          () => null,
          (failure: Error) => failure,
        );
        expect(error, query).toBeInstanceOf(Error);
        expect(error!.name, query).not.toBe('TimeoutError');
      }
    } finally {
      small.control.failGoalReads = 'never';
    }
  });

  it('a large account (1,201 entries, 501 goals: several full pages) round-trips exactly', async () => {
    const alice = app.sessions.newUser();
    const seeded = await upload(
      app.url,
      alice.token,
      JSON.stringify(bigExport(1_201, 501)),
      'application/json',
    );
    expect(seeded.body).toEqual({
      journals: { created: 2, matched: 0 },
      entries: { created: 1_201, skipped: 0 },
      goals: { created: 501, skipped: 0 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    const original = await exportJson(app, alice);
    expect(original.journals[0]!.entries).toHaveLength(1_201);
    expect(new Set(original.journals[0]!.entries.map((e) => e._id)).size).toBe(1_201);

    const zip = await fetch(new URL('/api/export', app.url), {
      headers: { authorization: `Bearer ${alice.token}`, ...app.sessions.confirmed(alice) },
    });
    const bytes = Buffer.from(await zip.arrayBuffer());
    const carol = app.sessions.newUser();
    const imported = await upload(app.url, carol.token, bytes, 'application/zip');
    expect(imported.body).toEqual(seeded.body);
    expect(withoutIds(await exportJson(app, carol))).toEqual(withoutIds(original));
    // Idempotent at this size too: matched through the indexes, nothing created.
    const again = await upload(app.url, carol.token, bytes, 'application/zip');
    expect(again.body).toEqual({
      journals: { created: 0, matched: 2 },
      entries: { created: 0, skipped: 1_201 },
      goals: { created: 0, skipped: 501 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
  });
});
