import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_REFERENCED_MAX,
  entriesWindow,
  journalMediaItem,
  mediaMarkdown,
  onThisDayResponse,
} from '@dayframe/contracts';
import { DATABASE_KINDS, apiClient, nextLink, serviceClient, walkPages } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

// The index of the files entries refer to (decision 0049), as media's sweep, the journal's Media
// view and the lists' first photos read it.
describe.each(DATABASE_KINDS)('journals: which files entries refer to, on %s', (kind) => {
  let app: JournalsTestApp;
  beforeAll(async () => {
    app = await startJournalsTestApp(kind);
  });
  afterAll(() => app?.close());

  // The sweep's question, as media asks it: with its service token, for a user in the body.
  async function referenced(userId: string, ids: string[]): Promise<string[]> {
    const media = serviceClient(app.url, 'media', 'journals');
    const answer = await media.call('POST', '/internal/media/referenced', {
      body: { userId, ids },
    });
    expect(answer.status, answer.text).toBe(200);
    return [...(answer.body.referenced as string[])].sort();
  }
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
  const put = (token: string, journalId: string, entryId: string, body: object) =>
    app.api.call('PUT', `/api/entry/${journalId}/${entryId}`, { token, body });

  it('follows every write of an entry: create, edit, tag rename, restore, delete; one user only', async () => {
    const alice = app.sessions.newUser();
    const bob = app.sessions.newUser();
    const [a, b, c] = ids(3) as [string, string, string];
    const j = await app.newJournal(alice.token);
    const made = await app.addEntry(alice.token, j, {
      title: 'Beach #trip',
      content: `${mediaMarkdown(a, 'sea')} and [the ticket](media:${b})`,
      date: '2026-06-01',
    });
    expect(await referenced(alice.id, [a, b, c])).toEqual([a, b].sort());
    // Another account's entries say nothing about bob's files, even with the same ids.
    expect(await referenced(bob.id, [a, b, c])).toEqual([]);

    const edited = await put(alice.token, j, made._id, {
      title: 'Beach #trip',
      content: `${mediaMarkdown(c)} only`,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await referenced(alice.id, [a, b, c])).toEqual([c]);

    // A tag rename rewrites the text: the index is rewritten with it.
    const renamed = await app.api.call('PUT', '/api/tags/trip', {
      token: alice.token,
      body: { tag: 'travel' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await referenced(alice.id, [a, b, c])).toEqual([c]);

    // Restoring the first version brings its references back (its text is the entry's again).
    const base = `/api/entry/${j}/${made._id}`;
    const versions = await app.api.call('GET', `${base}/versions`, { token: alice.token });
    const first = (versions.body as { _id: string }[]).at(-1)!;
    const restored = await app.api.call('POST', `${base}/versions/${first._id}/restore`, {
      token: alice.token,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(await referenced(alice.id, [a, b, c])).toEqual([a, b].sort());

    const deleted = await app.api.call('DELETE', base, { token: alice.token });
    expect(deleted.status).toBe(200);
    expect(await referenced(alice.id, [a, b, c])).toEqual([]);
  });

  it('forgets a journal\u2019s references with the journal, and an account\u2019s with the account', async () => {
    const alice = app.sessions.newUser();
    const [a, b] = ids(2) as [string, string];
    const j1 = await app.newJournal(alice.token, 'One');
    const j2 = await app.newJournal(alice.token, 'Two');
    await app.addEntry(alice.token, j1, { content: mediaMarkdown(a), date: '2026-06-01' });
    await app.addEntry(alice.token, j2, { content: mediaMarkdown(b), date: '2026-06-01' });
    expect(await referenced(alice.id, [a, b])).toEqual([a, b].sort());
    const gone = await app.api.call('DELETE', `/api/journals/${j1}`, { token: alice.token });
    expect(gone.status, gone.text).toBe(200);
    expect(await referenced(alice.id, [a, b])).toEqual([b]);
    await app.journals.deleteAccountData(alice.id);
    expect(await referenced(alice.id, [a, b])).toEqual([]);
  });

  it('indexes what an import writes, and forgets it when the import is undone', async () => {
    const alice = app.sessions.newUser();
    const [a, b] = ids(2) as [string, string];
    const archive = serviceClient(app.url, 'archive', 'journals');
    const importId = randomUUID();
    const part = {
      journals: [
        {
          title: 'Imported',
          entries: [
            { title: 'Old trip', content: mediaMarkdown(a), date: '2024-05-01' },
            { title: 'Old note', content: `[scan](media:${b})`, date: '2024-05-02' },
          ],
        },
      ],
    };
    const imported = await archive.call('POST', `/internal/import?importId=${importId}`, {
      token: alice.token,
      body: part,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(await referenced(alice.id, [a, b])).toEqual([a, b].sort());
    const undone = await archive.call('DELETE', `/internal/import/${importId}`, {
      token: alice.token,
    });
    expect(undone.status, undone.text).toBe(200);
    expect(await referenced(alice.id, [a, b])).toEqual([]);
  });

  it('answers media alone, for at most 500 ids, and never a signed-in person', async () => {
    const alice = app.sessions.newUser();
    const path = '/internal/media/referenced';
    const body = { userId: alice.id, ids: ids(1) };
    const plain = await apiClient(app.url).call('POST', path, { token: alice.token, body });
    expect(plain.status).toBe(401);
    const calendar = serviceClient(app.url, 'calendar', 'journals');
    expect((await calendar.call('POST', path, { body })).status).toBe(403);
    const media = serviceClient(app.url, 'media', 'journals');
    const tooMany = await media.call('POST', path, {
      body: { userId: alice.id, ids: ids(MEDIA_REFERENCED_MAX + 1) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const noUser = await media.call('POST', path, { body: { ids: ids(1) } });
    expect(noUser.status).toBe(400);
  });

  it('lists a journal\u2019s embedded files newest entry first, paged with Link; 404 for another\u2019s', async () => {
    const alice = app.sessions.newUser();
    const bob = app.sessions.newUser();
    const j = await app.newJournal(alice.token);
    const other = await app.newJournal(alice.token, 'Other');
    const photos = ids(5) as [string, string, string, string, string];
    const march = await app.addEntry(alice.token, j, {
      title: 'March',
      content: `${mediaMarkdown(photos[0])} ${mediaMarkdown(photos[1])}`,
      date: '2026-03-10',
    });
    // A link is not shown in the Media view; an embed is.
    const april = await app.addEntry(alice.token, j, {
      title: 'April',
      content: `[a receipt](media:${photos[2]}) ${mediaMarkdown(photos[3])}`,
      date: '2026-04-02',
    });
    await app.addEntry(alice.token, other, {
      content: mediaMarkdown(photos[4]),
      date: '2026-05-01',
    });

    const { pages, items } = await walkPages(
      app.api,
      `/api/journals/${j}/media?limit=2`,
      alice.token,
    );
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(items.map((item) => journalMediaItem.strict().parse(item))).toEqual([
      { mediaId: photos[3], date: '2026-04-02', entryId: april._id, title: 'April' },
      { mediaId: photos[0], date: '2026-03-10', entryId: march._id, title: 'March' },
      { mediaId: photos[1], date: '2026-03-10', entryId: march._id, title: 'March' },
    ]);

    const first = await app.api.call('GET', `/api/journals/${j}/media?limit=2`, {
      token: alice.token,
    });
    const link = nextLink(first.headers)!;
    expect(link).toContain(`/api/journals/${j}/media?`);
    // Another journal's cursor is not this one's.
    const cursor = new URL(link, app.url).searchParams.get('cursor')!;
    const misapplied = await app.api.call('GET', `/api/journals/${other}/media?cursor=${cursor}`, {
      token: alice.token,
    });
    expect(misapplied.status).toBe(400);
    expect(misapplied.body.code).toBe('invalid_cursor');

    for (const [token, path] of [
      [bob.token, `/api/journals/${j}/media`],
      [alice.token, `/api/journals/${randomUUID()}/media`],
      [alice.token, '/api/journals/not-an-id/media'],
    ] as const) {
      const refused = await app.api.call('GET', path, { token });
      expect(refused.status, path).toBe(404);
      expect(refused.body.code).toBe('journal_not_found');
    }
    const bad = await app.api.call('GET', `/api/journals/${j}/media?limit=0`, {
      token: alice.token,
    });
    expect(bad.status).toBe(400);
  });

  it('gives on-this-day and the calendar window each entry\u2019s first embedded file', async () => {
    const alice = app.sessions.newUser();
    const [linked, shown, second] = ids(3) as [string, string, string];
    const j = await app.newJournal(alice.token);
    const pictured = await app.addEntry(alice.token, j, {
      content: `[file](media:${linked}) ${mediaMarkdown(shown)} ${mediaMarkdown(second)}`,
      date: '2025-07-04',
    });
    const plain = await app.addEntry(alice.token, j, { content: 'words', date: '2025-07-04' });

    const day = await app.api.call('GET', '/api/insights/on-this-day?date=2026-07-04', {
      token: alice.token,
    });
    expect(day.status, day.text).toBe(200);
    const photos = Object.fromEntries(
      onThisDayResponse.parse(day.body).entries.map((e) => [e._id, e.photo]),
    );
    expect(photos).toEqual({ [pictured._id]: shown, [plain._id]: null });

    const calendar = serviceClient(app.url, 'calendar', 'journals');
    const window = await calendar.call(
      'GET',
      '/internal/calendar-window?from=2025-07-01&to=2025-07-31',
      { token: alice.token },
    );
    expect(window.status, window.text).toBe(200);
    const inWindow = Object.fromEntries(
      entriesWindow.parse(window.body).entries.map((e) => [e._id, e.photo]),
    );
    expect(inWindow).toEqual({ [pictured._id]: shown, [plain._id]: null });
  });
});
