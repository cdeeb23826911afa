// Issue 17: every read the journals service makes runs on an index, on both databases. The
// reads are captured as the service issues them over HTTP (one call of each route), then each
// is explained. Plans are deterministic for a given data shape, so this is an outcome, not a
// timing: the table is shared by many users, as in production, and one user has far more
// entries than the rest, which is where MariaDB once chose a full scan for a journal's entries.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMysql, type Knex } from '@dayframe/service-kit/db';
import { DATABASE_KINDS, nextLink, plansOf, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

const FIRST_DAY = Date.parse('2024-01-01T00:00:00Z') / 86_400_000;
const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** A journal of `days` daily entries for `userId`, written straight to the tables. */
async function seedJournal(db: Knex, userId: string, days: number): Promise<string> {
  const journalId = randomUUID();
  const createdAt = new Date().toISOString();
  await db('journals').insert({
    id: journalId,
    user_id: userId,
    title: 'Daily',
    description: '',
    created_at: createdAt,
  });
  const entries = Array.from({ length: days }, (_, day) => ({
    id: randomUUID(),
    journal_id: journalId,
    user_id: userId,
    title: `Day ${day}`,
    content: 'Walked by the river and wrote about it.',
    date: isoDay(FIRST_DAY + day),
    created_at: createdAt,
  }));
  for (let i = 0; i < entries.length; i += 200)
    await db('entries').insert(entries.slice(i, i + 200));
  return journalId;
}

describe.each(DATABASE_KINDS)('every journals read runs on an index, %s', (kind) => {
  let t: JournalsTestApp;
  let writer: TestUser;
  let journalId: string;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind);
    writer = t.sessions.newUser();
    // Most of the table is one person's two years; forty others wrote a month each.
    journalId = await seedJournal(t.db, writer.id, 730);
    await seedJournal(t.db, writer.id, 30);
    for (let i = 0; i < 40; i++) await seedJournal(t.db, randomUUID(), 30);
    await t.db.raw(isMysql(t.db) ? 'ANALYZE TABLE journals, entries' : 'ANALYZE');
  }, 120_000);
  afterAll(() => t?.close());

  it('lists, pages, finds by day, searches, answers the calendar, insights, export and import on an index', async () => {
    const token = writer.token;
    const plans = await plansOf(t.db, async () => {
      const get = async (path: string) => {
        const reply = await t.api.call('GET', path, { token });
        expect(reply.status, path).toBe(200);
        return reply;
      };
      await get('/api/journals');
      await get(`/api/journals/${journalId}`);
      const first = await get(`/api/entry/${journalId}`);
      const next = nextLink(first.headers);
      expect(next).toBeTruthy();
      await get(next!);
      await get(`/api/entry/${journalId}/dated?date=2024-03-01`);
      await get('/api/search/entries?q=river');
      // Operators that leave few entries are searched on their own indexes (search-entries.ts).
      await get(`/api/search/entries?q=${encodeURIComponent('is:starred river -rain')}`);
      await get(`/api/search/entries?q=${encodeURIComponent('tag:travel mood:>=4 river')}`);
      await get('/api/insights/on-this-day?date=2025-06-15');
      await get('/api/insights/writing?from=2024-01-01&to=2024-12-31');
      // Issue 25: a changing save reads the entry's newest version and prunes the account's;
      // the history list and one version are read by entry.
      const entryPath = `/api/entry/${journalId}/${first.body[0]._id}`;
      for (const content of ['Rewritten once.', 'Rewritten twice.']) {
        const saved = await t.api.call('PUT', entryPath, {
          token,
          body: { title: 'Edited', content },
        });
        expect(saved.status, saved.text).toBe(200);
      }
      const history = await get(`${entryPath}/versions`);
      await get(`${entryPath}/versions/${history.body[0]._id}`);
      await t.journals.entriesBetween(writer.id, '2024-02-26', '2024-04-07');
      // An export reads the writer's journals, then each journal's entries a page at a time.
      await t.journals.exportJournals(writer.id);
      const page = await t.journals.exportEntries(writer.id, { journalId, limit: 100 });
      expect(page.next).toBeTruthy();
      await t.journals.exportEntries(writer.id, { journalId, after: page.next!, limit: 100 });
      await t.journals.exportEntries(writer.id, {
        journalId,
        from: '2024-02-01',
        to: '2024-02-29',
        limit: 100,
      });
      // An import's dry run matches entries by id, then by journal, date and content hash.
      const entries = page.entries.map(({ _id, ...entry }, n) =>
        n % 2 ? entry : { _id, ...entry },
      );
      await t.journals.importJournals(
        writer.id,
        { journals: [{ title: 'x', description: '', template: '', _id: journalId, entries }] },
        { dryRun: true },
      );
    });
    expect(plans.length).toBeGreaterThanOrEqual(10);
    const scans = plans.filter((p) => p.fullScan).map((p) => `${p.sql}\n  -> ${p.plan}`);
    expect(scans).toEqual([]);
  });
});
