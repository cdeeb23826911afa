import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_HISTORY,
  entry,
  entryVersion,
  entryVersionList,
  type EntryVersionList,
} from '@dayframe/contracts';
import { DATABASE_KINDS, type TestUser } from '@dayframe/test-kit';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Small enough that a few long versions pass it (the default is 100 MB). */
const VERSION_BUDGET = 20_000;

describe.each(DATABASE_KINDS)('entry history over HTTP on %s', (kind) => {
  let t: JournalsTestApp;

  beforeAll(async () => {
    t = await startJournalsTestApp(kind, { quotas: { versionBytes: VERSION_BUDGET } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user with a journal and an entry of `content`. */
  async function anEntry(content = 'abc', title = 'First') {
    const user = t.sessions.newUser();
    const journalId = await t.newJournal(user.token);
    const made = await t.addEntry(user.token, journalId, { title, content, date: '2026-11-26' });
    return { user, journalId, entryId: made._id, base: `/api/entry/${journalId}/${made._id}` };
  }

  async function save(user: TestUser, base: string, title: string, content: string) {
    const response = await t.api.call('PUT', base, { token: user.token, body: { title, content } });
    expect(response.status, response.text).toBe(200);
    return entry.parse(response.body);
  }

  async function versions(user: TestUser, base: string): Promise<EntryVersionList> {
    const response = await t.api.call('GET', `${base}/versions`, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return entryVersionList.parse(response.body);
  }

  const versionRows = async (where: Record<string, string>) =>
    Number((await t.db('entry_versions').where(where).count({ n: '*' }).first())?.n);

  it('refuses every history call without a session', async () => {
    const base = `/api/entry/${UNKNOWN_ID}/${UNKNOWN_ID}/versions`;
    for (const [method, path] of [
      ['GET', base],
      ['GET', `${base}/${UNKNOWN_ID}`],
      ['POST', `${base}/${UNKNOWN_ID}/restore`],
    ] as const) {
      expect((await t.api.call(method, path)).status).toBe(401);
      expect((await t.api.call(method, path, { token: 'not.a.token' })).status).toBe(401);
    }
  });

  it('keeps a version on each changing save, none on an unchanged one, newest first with sizes', async () => {
    const { user, entryId, base } = await anEntry('abc', 'First');
    expect(await versions(user, base)).toEqual([]);
    await save(user, base, 'First', 'abcdef'); // keeps 'abc' (3, written from nothing)
    await save(user, base, 'First', 'ab'); // keeps 'abcdef' (6, +3)
    await save(user, base, 'First', 'ab'); // unchanged: nothing kept
    await save(user, base, 'Second', 'ab'); // keeps 'ab' (2, −4): a title change is a change too
    await save(user, base, 'Second', '😀 ok'); // keeps 'ab' of title Second (2, 0)
    const list = await versions(user, base);
    expect(list.map(({ title, size, sizeChange }) => ({ title, size, sizeChange }))).toEqual([
      { title: 'Second', size: 2, sizeChange: 0 },
      { title: 'First', size: 2, sizeChange: -4 },
      { title: 'First', size: 6, sizeChange: 3 },
      { title: 'First', size: 3, sizeChange: 3 },
    ]);
    // Sizes are characters as people count them: the emoji is one.
    await save(user, base, 'Third', 'x');
    expect((await versions(user, base))[0]).toMatchObject({
      title: 'Second',
      size: 4,
      sizeChange: 2,
    });
    // savedAt is when the text was saved: each version's is the moment the one before it was
    // replaced, and the first's is when the entry was written.
    const rows: { id: string; saved_at: string; replaced_at: string }[] = await t
      .db('entry_versions')
      .select('id', 'saved_at', 'replaced_at')
      .where({ entry_id: entryId })
      .orderBy('seq', 'asc');
    expect(rows).toHaveLength(5);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.saved_at).toBe(rows[i - 1]?.replaced_at);
    const created: { created_at: string } = await t
      .db('entries')
      .select('created_at')
      .where({ id: entryId })
      .first();
    expect(rows[0]?.saved_at).toBe(created.created_at);
    const newest = await versions(user, base);
    expect(newest.map((v) => v._id)).toEqual(rows.map((r) => r.id).reverse());
    expect(newest.map((v) => v.savedAt)).toEqual(rows.map((r) => r.saved_at).reverse());
    for (const v of newest) expect(v.savedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows one version whole and restores it as a save that keeps the current text first', async () => {
    const { user, base } = await anEntry('The original words.', 'Original');
    await save(user, base, 'Edited', 'Words I regret.');
    const [kept] = await versions(user, base);
    const shown = await t.api.call('GET', `${base}/versions/${kept?._id}`, { token: user.token });
    expect(shown.status).toBe(200);
    expect(entryVersion.strict().parse(shown.body)).toEqual({
      _id: kept?._id,
      savedAt: kept?.savedAt,
      title: 'Original',
      content: 'The original words.',
    });
    const restored = await t.api.call('POST', `${base}/versions/${kept?._id}/restore`, {
      token: user.token,
    });
    expect(restored.status, restored.text).toBe(200);
    expect(entry.parse(restored.body)).toMatchObject({
      title: 'Original',
      content: 'The original words.',
      date: '2026-11-26',
      type: 'entry',
    });
    const now = await t.api.call('GET', base, { token: user.token });
    expect(now.body).toMatchObject({ title: 'Original', content: 'The original words.' });
    const after = await versions(user, base);
    expect(after.map((v) => v.title)).toEqual(['Edited', 'Original']);
    const undo = await t.api.call('GET', `${base}/versions/${after[0]?._id}`, {
      token: user.token,
    });
    expect(undo.body.content).toBe('Words I regret.');
  });

  it('answers 404 for unknown or other people’s entries and versions, and changes nothing', async () => {
    const alice = await anEntry('Alice’s words');
    await save(alice.user, alice.base, 'First', 'Alice’s new words');
    const [version] = await versions(alice.user, alice.base);
    const other = await anEntry('Bob’s words'); // Bob, with a journal and an entry of his own
    const entryMissing = { message: 'Entry not found', code: 'entry_not_found' };
    const versionMissing = { message: 'Version not found', code: 'version_not_found' };
    const cases: [TestUser, string, string, object][] = [
      [other.user, 'GET', `${alice.base}/versions`, entryMissing],
      [other.user, 'GET', `${alice.base}/versions/${version?._id}`, entryMissing],
      [other.user, 'POST', `${alice.base}/versions/${version?._id}/restore`, entryMissing],
      // Bob's own journal with Alice's entry id.
      [other.user, 'GET', `/api/entry/${other.journalId}/${alice.entryId}/versions`, entryMissing],
      [alice.user, 'GET', `/api/entry/${UNKNOWN_ID}/${alice.entryId}/versions`, entryMissing],
      [alice.user, 'GET', `/api/entry/${alice.journalId}/${UNKNOWN_ID}/versions`, entryMissing],
      [alice.user, 'GET', `/api/entry/${alice.journalId}/not-an-id/versions`, entryMissing],
      [alice.user, 'GET', `${alice.base}/versions/${UNKNOWN_ID}`, versionMissing],
      [alice.user, 'GET', `${alice.base}/versions/not-an-id`, versionMissing],
      [alice.user, 'POST', `${alice.base}/versions/${UNKNOWN_ID}/restore`, versionMissing],
      // Alice's version asked for under Bob's entry (which Bob owns): no such version there.
      [other.user, 'GET', `${other.base}/versions/${version?._id}`, versionMissing],
      [other.user, 'POST', `${other.base}/versions/${version?._id}/restore`, versionMissing],
    ];
    for (const [user, method, path, body] of cases) {
      const response = await t.api.call(method, path, { token: user.token });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body, `${method} ${path}`).toEqual(body);
    }
    const aliceNow = await t.api.call('GET', alice.base, { token: alice.user.token });
    expect(aliceNow.body.content).toBe('Alice’s new words');
    expect(await versions(alice.user, alice.base)).toHaveLength(1);
    const bobNow = await t.api.call('GET', other.base, { token: other.user.token });
    expect(bobNow.body.content).toBe('Bob’s words');
    expect(await versions(other.user, other.base)).toEqual([]);
  });

  it(`keeps at most the last ${ENTRY_HISTORY.maxVersions} versions of an entry`, async () => {
    const { user, entryId, base } = await anEntry('v0');
    const saves = ENTRY_HISTORY.maxVersions + 2;
    for (let n = 1; n <= saves; n++) await save(user, base, 'Many', `v${n}`);
    const list = await versions(user, base);
    expect(list).toHaveLength(ENTRY_HISTORY.maxVersions);
    // The newest kept is the text the last save replaced; v0 and v1 are gone.
    const newest = await t.api.call('GET', `${base}/versions/${list[0]?._id}`, {
      token: user.token,
    });
    expect(newest.body.content).toBe(`v${saves - 1}`);
    const oldest = await t.api.call('GET', `${base}/versions/${list.at(-1)?._id}`, {
      token: user.token,
    });
    expect(oldest.body.content).toBe('v2');
    expect(await versionRows({ entry_id: entryId })).toBe(ENTRY_HISTORY.maxVersions);
  });

  it(`keeps no version replaced more than ${ENTRY_HISTORY.maxAgeDays} days ago`, async () => {
    const { user, entryId, base } = await anEntry('today');
    const other = await anEntry('elsewhere');
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const oldRow = (entryIdOf: string, userId: string, days: number, content: string) => ({
      id: randomUUID(),
      entry_id: entryIdOf,
      user_id: userId,
      title: 'Old',
      content,
      saved_at: ago(days + 1),
      replaced_at: ago(days),
      size: content.length,
      size_change: content.length,
      bytes: 3 + content.length,
    });
    const tooOld = oldRow(entryId, user.id, ENTRY_HISTORY.maxAgeDays + 1, 'too old');
    const recent = oldRow(entryId, user.id, ENTRY_HISTORY.maxAgeDays - 1, 'recent');
    // Another entry of the same account, never saved again: its old version goes too.
    const elsewhere = oldRow(other.entryId, other.user.id, ENTRY_HISTORY.maxAgeDays + 5, 'x');
    const idle = await t.addEntry(user.token, await t.newJournal(user.token), {
      title: 'Idle',
      content: 'idle',
      date: '2026-11-01',
    });
    const sameAccount = oldRow(idle._id, user.id, ENTRY_HISTORY.maxAgeDays + 3, 'idle then');
    await t.db('entry_versions').insert([sameAccount, tooOld, recent, elsewhere]);
    // Hidden at once from reads...
    const before = await versions(user, base);
    expect(before.map((v) => v._id)).toEqual([recent.id]);
    const hidden = await t.api.call('GET', `${base}/versions/${tooOld.id}`, { token: user.token });
    expect(hidden.status).toBe(404);
    // ...and gone from the table at the account's next save, also of the idle entry.
    await save(user, base, 'Now', 'changed');
    expect(await t.db('entry_versions').where({ id: tooOld.id }).first()).toBeUndefined();
    expect(await t.db('entry_versions').where({ id: sameAccount.id }).first()).toBeUndefined();
    expect((await versions(user, base)).map((v) => v.title)).toEqual(['First', 'Old']);
    // Another account's rows are its own business.
    expect(await t.db('entry_versions').where({ id: elsewhere.id }).first()).toBeDefined();
  });

  it('drops the account’s oldest versions first when its history passes its byte budget', async () => {
    const { user, journalId, base } = await anEntry('a'.repeat(6_000), 'A');
    const second = await t.addEntry(user.token, journalId, {
      title: 'B',
      content: 'b'.repeat(6_000),
      date: '2026-11-27',
    });
    const secondBase = `/api/entry/${journalId}/${second._id}`;
    await save(user, base, 'A', 'c'.repeat(6_000)); // keeps a (6,001 bytes)
    await save(user, secondBase, 'B', 'd'.repeat(6_000)); // keeps b: 12,002
    await save(user, base, 'A', 'e'.repeat(6_000)); // keeps c: 18,003
    expect((await versions(user, base)).map((v) => v.size)).toEqual([6_000, 6_000]);
    // The fourth would make 24,004 > 20,000: the account's oldest (entry A's 'a') goes, and the
    // save itself is never refused.
    await save(user, secondBase, 'B', 'f'.repeat(6_000));
    const a = await versions(user, base);
    expect(a).toHaveLength(1);
    const kept = await t.api.call('GET', `${base}/versions/${a[0]?._id}`, { token: user.token });
    expect(kept.body.content).toBe('c'.repeat(6_000));
    expect(await versions(user, secondBase)).toHaveLength(2);
    const [sum] = (await t
      .db('entry_versions')
      .where({ user_id: user.id })
      .sum({ n: 'bytes' })) as { n: number | string }[];
    expect(Number(sum?.n)).toBeLessThanOrEqual(VERSION_BUDGET);
    // A text larger than the whole budget is saved over, but not kept.
    await save(user, secondBase, 'B', 'g'.repeat(25_000));
    await save(user, secondBase, 'B', 'h');
    const b = await versions(user, secondBase);
    expect(b.map((v) => v.size)).not.toContain(25_000);
    expect(b[0]?.size).toBe(6_000);
  });

  it('takes an entry’s history with it when the entry, its journal or the account goes', async () => {
    const one = await anEntry('one');
    await save(one.user, one.base, 'First', 'one, edited');
    expect(await versionRows({ entry_id: one.entryId })).toBe(1);
    const deleted = await t.api.call('DELETE', one.base, { token: one.user.token });
    expect(deleted.status).toBe(200);
    expect(await versionRows({ entry_id: one.entryId })).toBe(0);

    const two = await anEntry('two');
    await save(two.user, two.base, 'First', 'two, edited');
    const gone = await t.api.call('DELETE', `/api/journals/${two.journalId}`, {
      token: two.user.token,
    });
    expect(gone.status).toBe(200);
    expect(await versionRows({ entry_id: two.entryId })).toBe(0);

    const three = await anEntry('three');
    const keep = await anEntry('someone else');
    await save(three.user, three.base, 'First', 'three, edited');
    await save(keep.user, keep.base, 'First', 'still here');
    await t.journals.deleteAccountData(three.user.id);
    expect(await versionRows({ user_id: three.user.id })).toBe(0);
    expect(await versionRows({ user_id: keep.user.id })).toBe(1);
  });
});
