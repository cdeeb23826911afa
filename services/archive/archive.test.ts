import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, unzip, upload, type ArchiveTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('export and import over HTTP on %s', (kind) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind);
  });
  afterAll(() => app?.close());

  async function journal(user: TestUser, title: string, description = '') {
    const made = await app.journalsApi.call('POST', '/api/journals', {
      token: user.token,
      body: { title, description },
    });
    expect(made.status, made.text).toBe(201);
    return made.body._id as string;
  }
  async function entry(user: TestUser, journalId: string, body: object) {
    const made = await app.journalsApi.call('POST', `/api/entry/${journalId}`, {
      token: user.token,
      body,
    });
    expect(made.status, made.text).toBe(201);
  }
  async function goal(user: TestUser, body: object, completeOn?: string) {
    const made = await app.goalsApi.call('POST', '/api/goals', { token: user.token, body });
    expect(made.status, made.text).toBe(201);
    if (completeOn) {
      const done = await app.goalsApi.call('PUT', `/api/goals/${made.body._id}/complete`, {
        token: user.token,
        body: { currentDate: completeOn },
      });
      expect(done.status, done.text).toBe(200);
    }
  }

  /** Everything a person sees in the lists, without ids (which are new in another account). */
  async function everything(user: TestUser) {
    const journals = await app.journalsApi.call('GET', '/api/journals', { token: user.token });
    const result = [];
    for (const j of journals.body as {
      _id: string;
      title: string;
      description: string;
      createdAt: string;
      numEntries: number;
    }[]) {
      const entries = await app.journalsApi.call('GET', `/api/entry/${j._id}?limit=100`, {
        token: user.token,
      });
      result.push({
        title: j.title,
        description: j.description,
        createdAt: j.createdAt,
        numEntries: j.numEntries,
        entries: (entries.body as { title: string; content: string; date: string }[]).map(
          ({ title, content, date }) => ({ title, content, date }),
        ),
      });
    }
    const strip = (goals: Record<string, unknown>[]) => goals.map(({ _id, ...rest }) => rest);
    const due = await app.goalsApi.call('GET', '/api/goals/due', { token: user.token });
    const completed = await app.goalsApi.call('GET', '/api/goals/completed', { token: user.token });
    return { journals: result, due: strip(due.body), completed: strip(completed.body) };
  }

  async function exportZip(user: TestUser, query = '?today=2026-11-23') {
    const response = await fetch(new URL(`/api/export${query}`, app.url), {
      headers: { authorization: `Bearer ${user.token}`, ...app.sessions.confirmed(user) },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function fillAccount(user: TestUser) {
    const trips = await journal(user, 'Trips / Travels', 'Where I went');
    await entry(user, trips, {
      title: 'Lisbon',
      content: 'Tiles and *tram 28*.\nSecond line',
      date: '2026-03-01',
    });
    await entry(user, trips, {
      title: 'Lisbon',
      content: 'Same day, second entry',
      date: '2026-03-01',
    });
    await entry(user, trips, { title: '', content: 'No title at all', date: '2026-03-02' });
    const daily = await journal(user, 'Daily');
    await entry(user, daily, {
      title: 'Ünïcödé ../ title',
      content: '---\nnot: front matter\n---',
      date: '2025-12-31',
    });
    await goal(user, {
      title: 'Run',
      description: '5 km',
      dateDue: '2026-12-01',
      dateSet: '2026-01-05',
    });
    await goal(
      user,
      { title: 'Read', description: 'Ten books', dateDue: '2026-06-01', dateSet: '2026-01-01' },
      '2026-05-30',
    );
  }

  it('exports a zip of dayframe.json, one Markdown file per entry and goals.md; another user sees none of it', async () => {
    const alice = app.sessions.newUser();
    const bob = app.sessions.newUser();
    await fillAccount(alice);
    await journal(bob, 'Bob only');
    const { response, bytes } = await exportZip(alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="dayframe-export-2026-11-23.zip"',
    );
    const files = await unzip(bytes);
    expect([...files.keys()].sort()).toEqual([
      'dayframe.json',
      'goals.md',
      'journals/daily/2025-12-31-unicode-title.md',
      'journals/trips-travels/2026-03-01-lisbon-2.md',
      'journals/trips-travels/2026-03-01-lisbon.md',
      'journals/trips-travels/2026-03-02-entry.md',
    ]);
    expect(files.get('journals/trips-travels/2026-03-01-lisbon.md')).toBe(
      '---\ntitle: "Lisbon"\ndate: 2026-03-01\njournal: "Trips / Travels"\ntags: []\nmood: null\nstarred: false\n---\n\nTiles and *tram 28*.\nSecond line\n',
    );
    const goalsMd = files.get('goals.md')!;
    expect(goalsMd).toContain('## Active\n\n- **Run** (set 2026-01-05, due 2026-12-01): 5 km');
    expect(goalsMd).toContain(
      '## Completed\n\n- **Read** (set 2026-01-01, due 2026-06-01, completed 2026-05-30): Ten books',
    );
    const data = JSON.parse(files.get('dayframe.json')!);
    expect(data).toMatchObject({ format: 'dayframe-export', version: 2 });
    expect(data.journals.map((j: { title: string }) => j.title)).toEqual([
      'Trips / Travels',
      'Daily',
    ]);
    expect(data.goals).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('Bob only');

    const bobs = await app.api.call('GET', '/api/export?format=json', {
      token: bob.token,
      headers: app.sessions.confirmed(bob),
    });
    expect(bobs.status).toBe(200);
    expect(bobs.body.journals.map((j: { title: string }) => j.title)).toEqual(['Bob only']);
    expect(bobs.body.goals).toEqual([]);
    expect((await app.api.call('GET', '/api/export')).status).toBe(401);
  });

  it('answers dayframe.json alone with ?format=json, entries limited by ?from=&to= (goals not)', async () => {
    const user = app.sessions.newUser();
    await fillAccount(user);
    const res = await app.api.call('GET', '/api/export?format=json&from=2026-03-01&to=2026-03-01', {
      token: user.token,
      headers: app.sessions.confirmed(user),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const entries = res.body.journals.flatMap((j: { entries: { date: string }[] }) => j.entries);
    expect(entries.map((e: { date: string }) => e.date)).toEqual(['2026-03-01', '2026-03-01']);
    expect(res.body.goals).toHaveLength(2);
    const bad = await app.api.call('GET', '/api/export?from=2026-02-30', {
      token: user.token,
      headers: app.sessions.confirmed(user),
    });
    expect(bad.status).toBe(400);
  });

  it('round trip: an export imported into a new account reproduces every list; a second import creates nothing', async () => {
    const alice = app.sessions.newUser();
    await fillAccount(alice);
    const { bytes } = await exportZip(alice);
    const carol = app.sessions.newUser();
    const first = await upload(app.url, carol.token, bytes, 'application/zip');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      journals: { created: 2, matched: 0 },
      entries: { created: 4, skipped: 0 },
      goals: { created: 2, skipped: 0 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    expect(await everything(carol)).toEqual(await everything(alice));
    const again = await upload(app.url, carol.token, bytes, 'application/zip');
    expect(again.body).toEqual({
      journals: { created: 0, matched: 2 },
      entries: { created: 0, skipped: 4 },
      goals: { created: 0, skipped: 2 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    // The same through dayframe.json alone, into the account it came from: nothing new either.
    const json = await app.api.call('GET', '/api/export?format=json', {
      token: alice.token,
      headers: app.sessions.confirmed(alice),
    });
    const back = await upload(app.url, alice.token, json.text, 'application/json');
    expect(back.body).toMatchObject({ entries: { created: 0, skipped: 4 }, goals: { created: 0 } });
    expect(await everything(carol)).toEqual(await everything(alice));
  });
});
