// Paged lists under attack, in both topologies through the gateway: a cursor is a position in
// one list of the caller's own, so forging one (garbage, injected SQL, another person's, another
// list's) is refused with a 400 that shows nothing, and no page can be made unbounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './_client.ts';
import { loopback } from './_client.ts';
import { attack } from './_summary.ts';
import { startTarget, TOPOLOGIES, verifiedAccount, type Account, type Target } from './_target.ts';

const SECRET_WORDS = 'victim-only-words';

/** The `cursor` of a reply's `Link: <…>; rel="next"`. */
function cursorOf(link: string | undefined): string {
  const target = /<([^>]*)>/.exec(link ?? '')?.[1];
  if (!target) throw new Error(`no next link in ${String(link)}`);
  return new URL(target, 'http://x').searchParams.get('cursor')!;
}

describe.each(TOPOLOGIES)('bounded lists on %s', (topology) => {
  let target: Target;
  let api: Client;
  let admin: Account;
  let victim: Account;
  let mallory: Account;
  let victimJournal: string;
  let malloryJournal: string;

  beforeAll(async () => {
    target = await startTarget(topology);
    api = target.client(loopback(60));
    admin = await verifiedAccount(target, api, 'Ada Admin', 'admin@example.com');
    victim = await verifiedAccount(target, api, 'Vic', 'vic@example.com');
    mallory = await verifiedAccount(target, api, 'Mal', 'mal@example.com');
    const journal = async (who: Account) =>
      (await api.call('POST', '/api/journals', { token: who.token, body: { title: 'J' } })).body
        ._id as string;
    victimJournal = await journal(victim);
    malloryJournal = await journal(mallory);
    for (const [who, id] of [
      [victim, victimJournal],
      [mallory, malloryJournal],
    ] as const)
      for (let n = 0; n < 3; n += 1) {
        const made = await api.call('POST', `/api/entry/${id}`, {
          token: who.token,
          body: { title: `t${n}`, content: SECRET_WORDS, date: `2026-02-0${n + 1}` },
        });
        expect(made.status).toBe(201);
      }
  }, 120_000);
  afterAll(() => target?.stop());

  it('refuses forged entry cursors with a 400 that shows nothing', async () => {
    const victimPage = await api.call('GET', `/api/entry/${victimJournal}?limit=1`, {
      token: victim.token,
    });
    const victimCursor = cursorOf(victimPage.header('link'));
    const forged = [
      'garbage',
      Buffer.from(`{"j":"${malloryJournal}","d":"2026-01-01","s":"1 OR 1=1"}`).toString(
        'base64url',
      ),
      Buffer.from(JSON.stringify({ j: malloryJournal, d: "2026-01-01' --", s: 1 })).toString(
        'base64url',
      ),
      victimCursor, // the victim's cursor on Mallory's own journal
    ];
    for (const cursor of forged) {
      await attack('paging: forged cursor', async () => {
        const reply = await api.call('GET', `/api/entry/${malloryJournal}?cursor=${cursor}`, {
          token: mallory.token,
        });
        expect(reply.status).toBe(400);
        expect(reply.body.code).toBe('invalid_cursor');
        expect(reply.text).not.toContain(SECRET_WORDS);
      });
    }
    await attack("paging: another person's list by cursor", async () => {
      const reply = await api.call('GET', `/api/entry/${victimJournal}?cursor=${victimCursor}`, {
        token: mallory.token,
      });
      expect(reply.status).toBe(404);
      expect(reply.text).not.toContain(SECRET_WORDS);
    });
  });

  it('refuses pages larger than 100 and lists only to admins', async () => {
    for (const path of [
      `/api/entry/${malloryJournal}?limit=100000`,
      '/api/admin/users?limit=1000',
    ]) {
      await attack('paging: unbounded page', async () => {
        const reply = await api.call('GET', path, {
          token: path.includes('admin') ? admin.token : mallory.token,
        });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toBe('limit must be a whole number from 1 to 100.');
      });
    }
    const adminPage = await api.call('GET', '/api/admin/users?limit=1', { token: admin.token });
    expect(adminPage.status).toBe(200);
    const next = /<([^>]*)>/.exec(adminPage.header('link') ?? '')![1]!;
    await attack('paging: admin list link used by a non-admin', async () => {
      const reply = await api.call('GET', next, { token: mallory.token });
      expect(reply.status).toBe(403);
      expect(reply.text).not.toContain('vic@example.com');
    });
  });
});
