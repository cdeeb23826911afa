import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_MESSAGES,
  CALENDAR_MESSAGES,
  DATE_MESSAGES,
  IMPORT_LIMITS,
  entriesWindow,
} from '@dayframe/contracts';
import { IMPORT_PART_BODY_LIMIT } from '@dayframe/service-kit/content';
import { DATABASE_KINDS, serviceClient, testServiceSecret } from '@dayframe/test-kit';
import { SERVICE_TOKEN_HEADER, serviceCaller } from '@dayframe/service-kit/tokens';
import { startJournalsTestApp, type JournalsTestApp } from './_test-app.ts';

describe.each(DATABASE_KINDS)('journals GET /internal/calendar-window on %s', (kind) => {
  let app: JournalsTestApp;
  beforeAll(async () => {
    app = await startJournalsTestApp(kind);
  });
  afterAll(() => app?.close());
  // The endpoint as the calendar calls it: with its service token.
  const calendar = () => serviceClient(app.url, 'calendar', 'journals');

  async function entry(token: string, journalId: string, date: string) {
    const made = await app.api.call('POST', `/api/entry/${journalId}`, {
      token,
      body: { title: `on ${date}`, content: 'c', date },
    });
    expect(made.status, made.text).toBe(201);
    return made.body;
  }

  it("answers the token's user's entries in the window, oldest first, with the journal's title", async () => {
    const alice = app.sessions.newUser();
    const bob = app.sessions.newUser();
    const journal = await app.api.call('POST', '/api/journals', {
      token: alice.token,
      body: { title: 'Alice' },
    });
    const id = journal.body._id as string;
    for (const date of ['2026-03-31', '2026-04-02', '2026-04-01', '2026-05-01'])
      await entry(alice.token, id, date);

    const path = '/internal/calendar-window?from=2026-04-01&to=2026-04-30';
    const own = await calendar().call('GET', path, { token: alice.token });
    expect(own.status, own.text).toBe(200);
    const { entries } = entriesWindow.parse(own.body);
    expect(entries.map((e) => [e.date, e.journalTitle, e.journalId])).toEqual([
      ['2026-04-01', 'Alice', id],
      ['2026-04-02', 'Alice', id],
    ]);
    // The caller is the token's user, whatever the query claims.
    for (const query of [path, `${path}&userId=${alice.id}`]) {
      const other = await calendar().call('GET', query, { token: bob.token });
      expect(other.status).toBe(200);
      expect(other.body).toEqual({ entries: [] });
    }
  });

  it('refuses a call without a valid token and a bad window, like the public calendar', async () => {
    const path = '/internal/calendar-window?from=2026-04-01&to=2026-04-30';
    expect((await calendar().call('GET', path)).status).toBe(401);
    expect((await calendar().call('GET', path, { token: 'not.a.token' })).status).toBe(401);
    const user = app.sessions.newUser();
    const cases: [string, string][] = [
      ['?to=2026-04-30', CALENDAR_MESSAGES.fromMissing],
      ['?from=2026-02-30&to=2026-03-31', DATE_MESSAGES.invalid],
      ['?from=2026-05-01&to=2026-04-30', CALENDAR_MESSAGES.fromAfterTo],
      ['?from=2025-01-01&to=2026-12-31', CALENDAR_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const res = await calendar().call('GET', `/internal/calendar-window${query}`, {
        token: user.token,
      });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});

describe('journals POST /internal/import body limit', () => {
  let app: JournalsTestApp;
  beforeAll(async () => {
    app = await startJournalsTestApp('sqlite');
  });
  afterAll(() => app?.close());

  /** Journals as the archive calls it, with its service token. */
  const archive = () => serviceClient(app.api.baseUrl, 'archive', 'journals');
  const tooLarge = { message: ARCHIVE_MESSAGES.partTooLarge, code: 'import_part_too_large' };

  /** POSTs `size` bytes of a journals part (it never parses) in 1 MB chunks, without a Content-Length. */
  function streamed(token: string, size: number): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const url = new URL(`/internal/import?importId=${crypto.randomUUID()}`, app.api.baseUrl);
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            [SERVICE_TOKEN_HEADER]: serviceCaller(testServiceSecret().key, 'archive').tokenFor(
              'journals',
            ),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, ' ');
      let sent = 0;
      const more = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      req.write('{"journals":[');
      more();
    });
  }

  it('is 32 MB, the largest part the archive sends; past it 413 import_part_too_large, before or while reading', async () => {
    expect(IMPORT_PART_BODY_LIMIT).toBe(IMPORT_LIMITS.partBytes + 64 * 1024);
    const user = app.sessions.newUser();
    const body = `{"journals":[${' '.repeat(IMPORT_PART_BODY_LIMIT)}]}`;
    const declared = await archive().call(
      'POST',
      `/internal/import?importId=${crypto.randomUUID()}`,
      {
        token: user.token,
        rawBody: body,
      },
    );
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual(tooLarge);
    const read = await streamed(user.token, IMPORT_PART_BODY_LIMIT + 1);
    expect(read).toEqual({ status: 413, body: tooLarge });
    // A part within the limit is read and checked as before.
    const small = await archive().call('POST', '/internal/import?dryRun=1', {
      token: user.token,
      body: { journals: [] },
    });
    expect(small.status, small.text).toBe(200);
  });
});
