import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startArchiveTestApp, unzip, upload, zipOf, type ArchiveTestApp } from './_test-app.ts';

// Export and import version 2 (issue 25): tags, mood, star, history and templates travel.
describe.each(DATABASE_KINDS)('export and import version 2 over HTTP on %s', (kind) => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp(kind);
  });
  afterAll(() => app?.close());

  async function call(user: TestUser, method: string, path: string, body?: object) {
    const answer = await app.journalsApi.call(method, path, { token: user.token, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body;
  }

  /** What a person sees of their journals, entries and histories, without ids. */
  async function everything(user: TestUser) {
    const journals = await call(user, 'GET', '/api/journals');
    const result = [];
    for (const j of journals as { _id: string; title: string; template: string }[]) {
      const entries = await call(user, 'GET', `/api/entry/${j._id}?limit=100`);
      const shown = [];
      for (const e of entries as Record<string, unknown>[]) {
        const versions = await call(user, 'GET', `/api/entry/${j._id}/${e._id}/versions`);
        const texts = [];
        for (const v of versions as { _id: string; size: number; sizeChange: number }[]) {
          const { _id, ...text } = await call(
            user,
            'GET',
            `/api/entry/${j._id}/${e._id}/versions/${v._id}`,
          );
          texts.push({ ...text, size: v.size, sizeChange: v.sizeChange });
        }
        const { title, content, date, tags, mood, starred } = e;
        shown.push({ title, content, date, tags, mood, starred, versions: texts });
      }
      result.push({ title: j.title, template: j.template, entries: shown });
    }
    return result;
  }

  async function exportZip(user: TestUser) {
    const response = await fetch(new URL('/api/export?today=2026-11-23', app.url), {
      headers: { authorization: `Bearer ${user.token}`, ...app.sessions.confirmed(user) },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('carries tags, mood, star, template and history to a new account, with front matter in the Markdown', async () => {
    const alice = app.sessions.newUser();
    const journal = await call(alice, 'POST', '/api/journals', {
      title: 'Trips',
      template: '## Where\n\n## Why\n',
    });
    const made = await call(alice, 'POST', `/api/entry/${journal._id}`, {
      title: 'Lisbon: "day one"',
      content: 'First draft',
      date: '2026-03-01',
      tags: ['travel', 'food'],
      mood: 4,
      starred: true,
    });
    const path = `/api/entry/${journal._id}/${made._id}`;
    await call(alice, 'PUT', path, { title: 'Lisbon: "day one"', content: 'Second draft, longer' });
    await call(alice, 'PUT', path, { title: 'Lisbon', content: 'Final text #tram' });
    await call(alice, 'POST', `/api/entry/${journal._id}`, {
      title: 'Plain',
      content: 'Nothing else',
      date: '2026-03-02',
    });

    const files = await unzip(await exportZip(alice));
    const data = JSON.parse(files.get('dayframe.json')!);
    expect(data.version).toBe(2);
    expect(data.journals[0].template).toBe('## Where\n\n## Why\n');
    expect(data.journals[0].entries[0]).toMatchObject({
      tags: ['travel', 'food', 'tram'],
      mood: 4,
      starred: true,
      history: [
        { title: 'Lisbon: "day one"', content: 'First draft' },
        { title: 'Lisbon: "day one"', content: 'Second draft, longer' },
      ],
    });
    // The front matter is YAML a Markdown tool reads back as written.
    const markdown = files.get('journals/trips/2026-03-01-lisbon.md')!;
    const matter = load(markdown.split('---\n')[1]!);
    expect(matter).toEqual({
      title: 'Lisbon',
      date: expect.anything(),
      journal: 'Trips',
      tags: ['travel', 'food', 'tram'],
      mood: 4,
      starred: true,
    });
    expect(markdown).toContain('date: 2026-03-01\n');
    expect(load(files.get('journals/trips/2026-03-02-plain.md')!.split('---\n')[1]!)).toMatchObject(
      { tags: [], mood: null, starred: false },
    );

    const bea = app.sessions.newUser();
    const imported = await upload(app.url, bea.token, await exportZip(alice), 'application/zip');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const theirs = await everything(bea);
    expect(theirs).toEqual(await everything(alice));
    const lisbon = theirs[0]!.entries.find((entry) => entry.title === 'Lisbon')!;
    expect(lisbon).toMatchObject({ tags: ['travel', 'food', 'tram'], mood: 4, starred: true });
    expect(lisbon.versions).toEqual([
      expect.objectContaining({ content: 'Second draft, longer', size: 20, sizeChange: 9 }),
      expect.objectContaining({ content: 'First draft', size: 11, sizeChange: 11 }),
    ]);
    expect(theirs[0]!.template).toBe('## Where\n\n## Why\n');
    // Found by its tag too: the tag index was written, not only the entry's column.
    const tagged = await call(bea, 'GET', '/api/tags');
    expect(tagged).toEqual(expect.arrayContaining([{ tag: 'travel', count: 1 }]));
  });

  it('imports a version 1 file: no mood, not starred, tags only from #words, no history', async () => {
    const user = app.sessions.newUser();
    const file = JSON.stringify({
      format: 'dayframe-export',
      version: 1,
      exportedAt: '2025-01-01T00:00:00.000Z',
      journals: [
        {
          title: 'Old',
          description: '',
          entries: [{ title: 'Then', content: 'Written before tags #garden', date: '2024-05-01' }],
        },
      ],
      goals: [],
    });
    const answer = await upload(app.url, user.token, file, 'application/json');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await everything(user)).toEqual([
      {
        title: 'Old',
        template: '',
        entries: [
          {
            title: 'Then',
            content: 'Written before tags #garden',
            date: '2024-05-01',
            tags: ['garden'],
            mood: null,
            starred: false,
            versions: [],
          },
        ],
      },
    ]);
  });

  it('maps Day One tags and stars', async () => {
    const user = app.sessions.newUser();
    const dayOne = JSON.stringify({
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'A1',
          creationDate: '2025-06-01T10:00:00Z',
          text: 'Beach day\nSand everywhere.',
          tags: ['Road Trip', 'summer!', '???'],
          starred: true,
        },
        { uuid: 'A2', creationDate: '2025-06-02T10:00:00Z', text: 'Home\nQuiet.' },
      ],
    });
    const answer = await upload(
      app.url,
      user.token,
      await zipOf({ 'Holidays.json': dayOne }),
      'application/zip',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [journal] = await everything(user);
    expect(journal!.entries.map(({ title, tags, starred }) => ({ title, tags, starred }))).toEqual([
      { title: 'Home', tags: [], starred: false },
      { title: 'Beach day', tags: ['road-trip', 'summer'], starred: true },
    ]);
  });

  it.each([
    ['mood', { mood: 9 }, /mood.*1 to 5/i],
    ['tags', { tags: ['not a tag!'] }, /tags.*Tag "not a tag!"/],
    ['starred', { starred: 'yes' }, /starred/i],
    [
      'history',
      {
        history: Array.from({ length: 51 }, () => ({
          title: 't',
          content: 'c',
          savedAt: '2026-01-01T00:00:00Z',
        })),
      },
      /history.*at most 50/,
    ],
    ['a version', { history: [{ title: 't', content: 'c', savedAt: 'soon' }] }, /savedAt/],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (_, extra, message) => {
    const user = app.sessions.newUser();
    const file = JSON.stringify({
      format: 'dayframe-export',
      version: 2,
      exportedAt: '2026-01-01T00:00:00.000Z',
      journals: [
        {
          title: 'J',
          description: '',
          template: '',
          entries: [
            { title: 'Fine', content: 'ok', date: '2026-01-01' },
            { title: 'Bad', content: 'x', date: '2026-01-02', ...extra },
          ],
        },
      ],
      goals: [],
    });
    const answer = await upload(app.url, user.token, file, 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/entry 2/);
    expect(answer.body.message).toMatch(message);
    expect(await call(user, 'GET', '/api/journals')).toEqual([]);
  });
});
