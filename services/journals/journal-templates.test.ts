import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_TEMPLATES,
  JOURNAL_MESSAGES,
  LIMITS,
  journal,
  journalList,
} from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

const DAILY = BUILT_IN_TEMPLATES[0]?.content ?? '';

describe.each(DATABASE_KINDS)('journal templates over HTTP on %s', (kind) => {
  let t: JournalsTestApp;
  let ada: TestUser;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    ada = t.sessions.newUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(body: Record<string, unknown>) {
    const response = await t.api.call('POST', '/api/journals', { token: ada.token, body });
    expect(response.status, response.text).toBe(201);
    return journal.strict().parse(response.body);
  }

  async function update(id: string, body: Record<string, unknown>) {
    const response = await t.api.call('PUT', `/api/journals/${id}`, { token: ada.token, body });
    expect(response.status, response.text).toBe(200);
    return journal.strict().parse(response.body);
  }

  const read = async (id: string) =>
    journal.parse((await t.api.call('GET', `/api/journals/${id}`, { token: ada.token })).body);

  it('answers every journal with its template, empty when none was given', async () => {
    const plain = await create({ title: 'Plain' });
    expect(plain.template).toBe('');
    const daily = await create({ title: 'Daily', template: DAILY });
    // Markdown kept exactly as written, leading spaces and line breaks included.
    expect(daily.template).toBe(DAILY);
    expect((await read(daily._id)).template).toBe(DAILY);
    const list = await t.api.call('GET', '/api/journals', { token: ada.token });
    const byTitle = Object.fromEntries(
      journalList.parse(list.body).map((j) => [j.title, j.template]),
    );
    expect(byTitle).toMatchObject({ Plain: '', Daily: DAILY });
    expect('template' in list.body[0]).toBe(true);
  });

  it('sets, keeps (when left out) and clears a template on update', async () => {
    const made = await create({ title: 'Travels', description: 'Trips' });
    const set = await update(made._id, {
      title: 'Travels',
      description: 'Trips',
      template: '  - indented\n## Day\n',
    });
    expect(set.template).toBe('  - indented\n## Day\n');
    // An old client sends only title and description: the template stays.
    const renamed = await update(made._id, { title: 'Journeys', description: 'Trips' });
    expect(renamed).toMatchObject({ title: 'Journeys', template: '  - indented\n## Day\n' });
    expect((await read(made._id)).template).toBe('  - indented\n## Day\n');
    const cleared = await update(made._id, {
      title: 'Journeys',
      description: 'Trips',
      template: '',
    });
    expect(cleared.template).toBe('');
    expect((await read(made._id)).template).toBe('');
  });

  it('refuses a template that is too long or not text with a 400, changing nothing', async () => {
    const made = await create({ title: 'Bounded', template: 'kept' });
    const tooLong = 'x'.repeat(LIMITS.content + 1);
    const atLimit = 'x'.repeat(LIMITS.content);
    for (const [method, path, body, message] of [
      [
        'POST',
        '/api/journals',
        { title: 'Too long', template: tooLong },
        JOURNAL_MESSAGES.templateTooLong,
      ],
      [
        'POST',
        '/api/journals',
        { title: 'Not text', template: 42 },
        JOURNAL_MESSAGES.templateNotText,
      ],
      [
        'PUT',
        `/api/journals/${made._id}`,
        { title: 'Bounded', description: 'd', template: tooLong },
        JOURNAL_MESSAGES.templateTooLong,
      ],
      [
        'PUT',
        `/api/journals/${made._id}`,
        { title: 'Bounded', description: 'd', template: null },
        JOURNAL_MESSAGES.templateNotText,
      ],
    ] as const) {
      const response = await t.api.call(method, path, { token: ada.token, body });
      expect(response.status, message).toBe(400);
      expect(response.body.message, message).toBe(message);
    }
    expect(await read(made._id)).toMatchObject({
      title: 'Bounded',
      description: '',
      template: 'kept',
    });
    const titles = journalList
      .parse((await t.api.call('GET', '/api/journals', { token: ada.token })).body)
      .map((j) => j.title);
    expect(titles).not.toContain('Too long');
    expect(titles).not.toContain('Not text');
    // Exactly the limit is fine.
    expect((await create({ title: 'Full', template: atLimit })).template).toHaveLength(
      LIMITS.content,
    );
  });

  it('keeps another person’s template out of reach', async () => {
    const made = await create({ title: 'Mine', template: 'private prompts' });
    const eve = t.sessions.newUser();
    const peek = await t.api.call('GET', `/api/journals/${made._id}`, { token: eve.token });
    expect(peek.status).toBe(404);
    const overwrite = await t.api.call('PUT', `/api/journals/${made._id}`, {
      token: eve.token,
      body: { title: 'Hers', description: 'd', template: 'hers' },
    });
    expect(overwrite.status).toBe(404);
    expect((await read(made._id)).template).toBe('private prompts');
  });
});
