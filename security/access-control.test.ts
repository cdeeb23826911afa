// The access-control matrix: every authenticated route of spec §7 × every way of calling it
// without the right to. One table of routes, one table of attacks, one loop; run against the
// embedded topology (SQLite, services in the gateway) and the distributed one (six processes,
// MariaDB, Redis, sessions checked over HTTP). The last column is the control: the same
// request from the right caller succeeds, so a refusal above is never an accident of the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmed, otherTokenKeys } from '@dayframe/test-kit';
import type { CallOptions, Client, Reply } from './_client.ts';
import { loopback } from './_client.ts';
import { attack } from './_summary.ts';
import {
  claimsFor,
  MALFORMED_AUTHORIZATION,
  signHs256,
  signRs256,
  swapClaims,
  tamperSignature,
  unsigned,
} from './_tokens.ts';
import {
  PASSWORD,
  startTarget,
  TOPOLOGIES,
  unverifiedAccount,
  verifiedAccount,
  type Account,
  type Target,
  type Topology,
} from './_target.ts';

/** A key pair that is not identity's: what an attacker can make. */
const OTHER_KEYS = otherTokenKeys();

/** What a route acts on. In the attack columns they are the victim's; `ownJournal` is the caller's. */
type Ids = {
  journal: string;
  journalToDelete: string;
  entry: string;
  entryToDelete: string;
  goal: string;
  goalToDelete: string;
  user: string;
  ownJournal: string;
};

/**
 * session: answers the caller's own session; list: the caller's rows; create: adds to the
 * caller's rows; owned: one row named by id; self: the caller's own account; admin: admins only.
 */
type Access = 'session' | 'list' | 'create' | 'owned' | 'self' | 'admin';

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  to: (ids: Ids) => string;
  body?: unknown;
  access: Access;
  /** The answer to a caller who is not the owner (owned), or to a stranger's session (self). */
  notYours?: { status: number; code: string };
  /** False when the owner's request would only repeat another row's (and spoil it). */
  control?: boolean;
  /** What the right caller gets, when not 201 for a POST and 200 otherwise. */
  succeeds?: number;
  /**
   * Needs a confirmation of the session (step-up) besides the token: every column sends the
   * caller's own, so each refusal above it is its own; one column sends none or a stranger's.
   */
  guarded?: true;
};

const DAY = '2026-03-14';
const WINDOW = 'from=2026-03-01&to=2026-03-31';
const VICTIM_MARK = 'VICTIM-7f3a';
const MALLORY_MARK = 'MALLORY-c21e';
const VICTIM_EMAIL = 'victim@example.com';
const JOURNAL_404 = { status: 404, code: 'journal_not_found' };
const ENTRY_404 = { status: 404, code: 'entry_not_found' };
const GOAL_404 = { status: 404, code: 'goal_not_found' };

// Spec §7, from gateway/routes.ts and the services' routers. The order matters only for the
// control column, which runs last and really changes things: deletions come after the reads
// and writes of what they delete, the password change before the profile change (it needs the
// code-verified token), the account deletion after both, and Delete All last of all.
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/auth/verify', to: () => '/api/auth/verify', access: 'session' },
  { method: 'GET', path: '/api/journals', to: () => '/api/journals', access: 'list' },
  {
    method: 'POST',
    path: '/api/journals',
    to: () => '/api/journals',
    body: { title: 'New journal', description: 'made in the matrix' },
    access: 'create',
  },
  {
    method: 'GET',
    path: '/api/journals/:id',
    to: (i) => `/api/journals/${i.journal}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'PUT',
    path: '/api/journals/:id',
    to: (i) => `/api/journals/${i.journal}`,
    body: { title: 'Taken over', description: 'by someone else' },
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'GET',
    path: '/api/entry/:journalId',
    to: (i) => `/api/entry/${i.journal}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'POST',
    path: '/api/entry/:journalId',
    to: (i) => `/api/entry/${i.journal}`,
    body: { title: 'Planted', content: 'an entry in your journal', date: DAY },
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'GET',
    path: '/api/entry/:journalId/dated',
    to: (i) => `/api/entry/${i.journal}/dated?date=${DAY}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'GET',
    path: '/api/entry/:journalId/:entryId',
    to: (i) => `/api/entry/${i.journal}/${i.entry}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'PUT',
    path: '/api/entry/:journalId/:entryId',
    to: (i) => `/api/entry/${i.journal}/${i.entry}`,
    body: { title: 'Rewritten', content: 'by someone else' },
    access: 'owned',
    notYours: JOURNAL_404,
  },
  // The caller's own journal with the victim's entry: the entry must be checked too.
  {
    method: 'GET',
    path: '/api/entry/:ownJournalId/:entryId',
    to: (i) => `/api/entry/${i.ownJournal}/${i.entry}`,
    access: 'owned',
    notYours: ENTRY_404,
  },
  {
    method: 'PUT',
    path: '/api/entry/:ownJournalId/:entryId',
    to: (i) => `/api/entry/${i.ownJournal}/${i.entry}`,
    body: { title: 'Rewritten', content: 'through my own journal' },
    access: 'owned',
    notYours: ENTRY_404,
  },
  {
    method: 'DELETE',
    path: '/api/entry/:ownJournalId/:entryId',
    to: (i) => `/api/entry/${i.ownJournal}/${i.entryToDelete}`,
    access: 'owned',
    notYours: ENTRY_404,
    control: false,
  },
  {
    method: 'DELETE',
    path: '/api/entry/:journalId/:entryId',
    to: (i) => `/api/entry/${i.journal}/${i.entryToDelete}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'POST',
    path: '/api/goals',
    to: () => '/api/goals',
    body: { title: 'New goal', description: 'made in the matrix', dateDue: DAY },
    access: 'create',
  },
  { method: 'GET', path: '/api/goals/due', to: () => '/api/goals/due', access: 'list' },
  { method: 'GET', path: '/api/goals/completed', to: () => '/api/goals/completed', access: 'list' },
  {
    method: 'PUT',
    path: '/api/goals/:id/complete',
    to: (i) => `/api/goals/${i.goal}/complete`,
    body: { currentDate: DAY },
    access: 'owned',
    notYours: GOAL_404,
  },
  {
    method: 'DELETE',
    path: '/api/goals/:id',
    to: (i) => `/api/goals/${i.goalToDelete}`,
    access: 'owned',
    notYours: GOAL_404,
  },
  { method: 'GET', path: '/api/calendar', to: () => `/api/calendar?${WINDOW}`, access: 'list' },
  // The export as JSON, so the list check can read whose data it holds (the zip is the same
  // route and the same check, compressed).
  {
    method: 'GET',
    path: '/api/export',
    to: () => `/api/export?format=json&today=${DAY}`,
    access: 'list',
    guarded: true,
  },
  {
    method: 'POST',
    path: '/api/import',
    to: () => '/api/import',
    body: {
      format: 'dayframe-export',
      version: 1,
      exportedAt: '2026-03-14T09:00:00.000Z',
      journals: [
        {
          title: 'Moved in',
          description: 'from another Dayframe',
          entries: [{ title: 'Imported', content: 'brought along', date: DAY }],
        },
      ],
      goals: [],
    },
    access: 'create',
    succeeds: 200,
  },
  {
    method: 'DELETE',
    path: '/api/journals/:id',
    to: (i) => `/api/journals/${i.journalToDelete}`,
    access: 'owned',
    notYours: JOURNAL_404,
  },
  {
    method: 'PUT',
    path: '/api/user/password',
    to: () => '/api/user/password',
    body: { newPassword: 'a brand new password' },
    access: 'self',
    // A session token alone (no code verified in the last ten minutes) cannot change a password.
    notYours: { status: 403, code: 'code_required' },
  },
  {
    method: 'PUT',
    path: '/api/user/update',
    to: () => '/api/user/update',
    body: { name: 'Renamed', email: VICTIM_EMAIL },
    access: 'self',
    // Nobody can take over the victim's address.
    notYours: { status: 403, code: 'email_in_use' },
  },
  {
    method: 'DELETE',
    path: '/api/user/delete',
    to: () => '/api/user/delete',
    access: 'self',
    guarded: true,
  },
  { method: 'GET', path: '/api/admin/users', to: () => '/api/admin/users', access: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/users/summary',
    to: () => '/api/admin/users/summary',
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    to: (i) => `/api/admin/users/${i.user}`,
    access: 'admin',
    guarded: true,
  },
  {
    method: 'DELETE',
    path: '/api/admin/users',
    to: () => '/api/admin/users',
    access: 'admin',
    guarded: true,
  },
];

type Setup = {
  target: Target;
  api: Client;
  admin: Account;
  victim: Account;
  mallory: Account;
  /** Deleted after sign-up; its tokens must die with it. */
  deleted: Account;
  /** Changed its password; every earlier token must stop working. */
  changed: Account;
  /** Logged out; that session's token must stop working everywhere. */
  loggedOut: Account;
  unverified: { id: string; token: string };
  /** The account the admin deletes in the control column. */
  doomed: Account;
  victimIds: Ids;
  malloryJournal: string;
  /** The victim's data as the victim sees it, before any attack. */
  baseline: string;
};

type Expected = { status: number; codes?: string[]; check?: (reply: Reply, s: Setup) => void };

/**
 * A request's credentials; on a guarded route `confirmWith` says whose session confirms it
 * (the token's own by default, `null` for none).
 */
type Credentials = CallOptions & { confirmWith?: string | null; password?: string };

type Attack = {
  name: string;
  applies: (route: Route) => boolean;
  /** One request or several (each must be refused). */
  credentials: (s: Setup, route: Route) => Credentials[];
  expected: (route: Route) => Expected;
};

const everyRoute = () => true;
const unauthorized =
  (...codes: string[]) =>
  () => ({ status: 401, codes });
const EIGHT_DAYS = 8 * 24 * 3600;

const ATTACKS: Attack[] = [
  {
    name: 'no token',
    applies: everyRoute,
    credentials: () => [{}],
    expected: unauthorized('missing_token'),
  },
  {
    name: 'malformed token',
    applies: everyRoute,
    credentials: () => MALFORMED_AUTHORIZATION.map((authorization) => ({ authorization })),
    expected: unauthorized('missing_token', 'invalid_token'),
  },
  {
    name: 'alg none',
    applies: everyRoute,
    credentials: (s) => [
      { token: unsigned(claimsFor(s.victim.id)) },
      { token: unsigned(claimsFor(s.admin.id, { role: 'admin' })) },
    ],
    expected: unauthorized('invalid_token'),
  },
  {
    name: 'tampered signature',
    applies: everyRoute,
    credentials: (s) => [
      { token: tamperSignature(s.victim.token) },
      { token: tamperSignature(s.admin.token) },
    ],
    expected: unauthorized('invalid_token'),
  },
  {
    name: 'forged claims',
    applies: everyRoute,
    credentials: (s) => [
      // Mallory's real signature over the victim's identity, as an admin.
      { token: swapClaims(s.mallory.token, claimsFor(s.victim.id, { role: 'admin' })) },
      // Signed, but with a guessed secret.
      { token: signHs256(claimsFor(s.admin.id, { role: 'admin' }), 'secret') },
      // HS256 keyed with identity's public key, which every verifier holds (key confusion).
      { token: signHs256(claimsFor(s.victim.id), s.target.keys.publicKey) },
      // RS256, but with another key than identity's.
      { token: signRs256(claimsFor(s.admin.id, { role: 'admin' }), OTHER_KEYS.privateKey) },
    ],
    expected: unauthorized('invalid_token'),
  },
  {
    name: 'expired token',
    applies: everyRoute,
    credentials: (s) => {
      const issuedAt = Math.floor(Date.now() / 1000) - EIGHT_DAYS;
      const ttl = EIGHT_DAYS - 60; // expired a minute ago
      return [
        { token: signRs256(claimsFor(s.victim.id, { issuedAt, ttl }), s.target.keys.privateKey) },
        {
          token: signRs256(
            claimsFor(s.admin.id, { role: 'admin', issuedAt, ttl }),
            s.target.keys.privateKey,
          ),
        },
      ];
    },
    expected: unauthorized('invalid_token'),
  },
  {
    name: 'deleted user',
    applies: everyRoute,
    credentials: (s) => [{ token: s.deleted.token }, { token: s.deleted.codeToken }],
    expected: unauthorized('session_ended'),
  },
  {
    name: 'token from before a password change',
    applies: everyRoute,
    credentials: (s) => [{ token: s.changed.token }, { token: s.changed.codeToken }],
    expected: unauthorized('session_ended'),
  },
  {
    name: 'logged-out session',
    applies: everyRoute,
    credentials: (s) => [{ token: s.loggedOut.token }],
    expected: unauthorized('session_ended'),
  },
  {
    name: 'unverified user',
    applies: everyRoute,
    credentials: (s) => [{ token: s.unverified.token }],
    expected: (route) =>
      route.access === 'session'
        ? { status: 200, check: (r, s) => expect(r.body.user._id).toBe(s.unverified.id) }
        : { status: 403, codes: ['unverified'] },
  },
  {
    name: "another user's token",
    applies: (route) => route.access !== 'admin' && (route.access !== 'self' || !!route.notYours),
    credentials: (s) => [{ token: s.mallory.token }],
    expected: (route) => {
      switch (route.access) {
        case 'session':
          return { status: 200, check: (r, s) => expect(r.body.user._id).toBe(s.mallory.id) };
        case 'list':
          // Only the caller's rows: Mallory's are there, the victim's are not (checked below).
          return { status: 200, check: (r) => expect(r.text).toContain(MALLORY_MARK) };
        case 'create':
          return { status: route.succeeds ?? 201 };
        default:
          return { status: route.notYours!.status, codes: [route.notYours!.code] };
      }
    },
  },
  {
    name: 'non-admin on an admin route',
    applies: (route) => route.access === 'admin',
    credentials: (s) => [
      { token: s.mallory.token },
      { token: s.mallory.codeToken },
      { token: s.victim.token },
    ],
    expected: () => ({ status: 403, codes: ['admin_only'] }),
  },
  {
    // Issue 24, finding 9: a token copied from local storage comes without the confirmation
    // the page keeps in memory; the right caller's own token is refused without one.
    name: 'session token without its confirmation',
    applies: (route) => route.guarded === true,
    credentials: (s, route) => {
      const owner = route.access === 'admin' ? s.admin : s.victim;
      return [
        { token: owner.codeToken, confirmWith: null },
        { token: owner.codeToken, confirmWith: null, headers: { 'x-confirmation': 'forged' } },
        // The session token is signed with the same key, but it is no confirmation.
        { token: owner.codeToken, confirmWith: null, headers: { 'x-confirmation': owner.token } },
        // Mallory confirmed her own session: it speaks for no other.
        { token: owner.codeToken, confirmWith: s.mallory.token },
      ];
    },
    expected: () => ({ status: 403, codes: ['reauth_required'] }),
  },
];

/**
 * What a guarded call carries besides the token: a confirmation of the session `token`, made as
 * the dialog makes it (`POST /api/auth/confirm` with the password; every account here has the
 * same) and kept for five minutes, as the page keeps it, so the matrix does not spend the login
 * budget. A token that cannot confirm (ended, forged) gets none: its call meets the 401 first.
 */
const confirmations = new Map<string, { at: number; headers: Record<string, string> }>();
async function confirmationOf(
  api: Client,
  token: string,
  password = PASSWORD,
): Promise<Record<string, string>> {
  const known = confirmations.get(token);
  if (known && Date.now() - known.at < 5 * 60_000) return known.headers;
  const headers = await confirmed(api, { token, password }).catch(() => ({}));
  confirmations.set(token, { at: Date.now(), headers });
  return headers;
}

/** The call options of `credentials` on `route`, the confirmation added where it needs one. */
async function withConfirmation(
  api: Client,
  route: Route,
  { confirmWith, password, ...options }: Credentials,
): Promise<CallOptions> {
  const by = confirmWith === undefined ? options.token : confirmWith;
  if (!route.guarded || !by) return options;
  const confirmation = await confirmationOf(api, by, password);
  return { ...options, headers: { ...options.headers, ...confirmation } };
}

async function setUp(topology: Topology): Promise<Setup> {
  const target = await startTarget(topology);
  const api = target.client(loopback(10));
  // The first account of an installation is its admin.
  const admin = await verifiedAccount(target, api, 'Ada Admin', 'admin@example.com');
  expect(admin.role).toBe('admin');
  const victim = await verifiedAccount(target, api, `Vic ${VICTIM_MARK}`, VICTIM_EMAIL);
  const mallory = await verifiedAccount(target, api, `Mal ${MALLORY_MARK}`, 'mallory@example.com');
  const deleted = await verifiedAccount(target, api, 'Del', 'deleted@example.com');
  const changed = await verifiedAccount(target, api, 'Pat', 'changed@example.com');
  const doomed = await verifiedAccount(target, api, 'Dom', 'doomed@example.com');
  const loggedOut = await verifiedAccount(target, api, 'Lou', 'loggedout@example.com');
  expect((await api.call('POST', '/api/auth/logout', { token: loggedOut.token })).status).toBe(200);
  const unverified = await unverifiedAccount(api, 'Una', 'unverified@example.com');

  expect(
    (
      await api.call('DELETE', '/api/user/delete', {
        token: deleted.token,
        headers: await confirmed(api, { token: deleted.token, password: PASSWORD }),
      })
    ).status,
  ).toBe(200);
  const change = await api.call('PUT', '/api/user/password', {
    token: changed.codeToken,
    body: { newPassword: 'another long password' },
  });
  expect(change.status).toBe(200);

  const make = async (account: Account, path: string, body: unknown) => {
    const reply = await api.call('POST', path, { token: account.token, body });
    expect(reply.status, `${path} ${reply.text}`).toBe(201);
    return reply.body._id as string;
  };
  const mark = (who: Account) => (who === victim ? VICTIM_MARK : MALLORY_MARK);
  const content = async (who: Account) => {
    const journal = await make(who, '/api/journals', {
      title: `Diary ${mark(who)}`,
      description: `secret ${mark(who)}`,
    });
    const journalToDelete = await make(who, '/api/journals', { title: `Old ${mark(who)}` });
    const entry = await make(who, `/api/entry/${journal}`, {
      title: `Day ${mark(who)}`,
      content: `dear diary ${mark(who)}`,
      date: DAY,
    });
    const entryToDelete = await make(who, `/api/entry/${journal}`, {
      title: `Draft ${mark(who)}`,
      content: `scrap ${mark(who)}`,
      date: '2026-03-02',
    });
    const goal = await make(who, '/api/goals', {
      title: `Run ${mark(who)}`,
      description: `5k ${mark(who)}`,
      dateDue: DAY,
    });
    const goalToDelete = await make(who, '/api/goals', {
      title: `Swim ${mark(who)}`,
      description: `1k ${mark(who)}`,
      dateDue: '2026-03-20',
    });
    const done = await make(who, '/api/goals', {
      title: `Read ${mark(who)}`,
      description: `a book ${mark(who)}`,
      dateDue: '2026-03-10',
    });
    const complete = await api.call('PUT', `/api/goals/${done}/complete`, {
      token: who.token,
      body: { currentDate: '2026-03-09' },
    });
    expect(complete.status).toBe(200);
    return { journal, journalToDelete, entry, entryToDelete, goal, goalToDelete };
  };
  const victimContent = await content(victim);
  const malloryContent = await content(mallory);
  const victimIds: Ids = {
    ...victimContent,
    user: victim.id,
    ownJournal: malloryContent.journal,
  };
  const s = {
    target,
    api,
    admin,
    victim,
    mallory,
    deleted,
    changed,
    loggedOut,
    unverified,
    doomed,
    victimIds,
    malloryJournal: malloryContent.journal,
    baseline: '',
  };
  s.baseline = await victimState(s);
  expect(s.baseline).toContain(VICTIM_MARK);
  return s;
}

/** Everything the victim can see of their own account, as one string to compare. */
async function victimState(s: Pick<Setup, 'api' | 'victim' | 'victimIds'>): Promise<string> {
  const i = s.victimIds;
  const paths = [
    '/api/auth/verify',
    '/api/journals',
    `/api/journals/${i.journal}`,
    `/api/journals/${i.journalToDelete}`,
    `/api/entry/${i.journal}`,
    `/api/entry/${i.journal}/${i.entry}`,
    '/api/goals/due',
    '/api/goals/completed',
    `/api/calendar?${WINDOW}`,
  ];
  const state = await Promise.all(
    paths.map(async (path) => {
      const reply = await s.api.call('GET', path, { token: s.victim.token });
      // A session check answers a fresh token each time; the user is what matters.
      const body = path === '/api/auth/verify' ? reply.body?.user : reply.body;
      return { path, status: reply.status, body };
    }),
  );
  return JSON.stringify(state);
}

/** Nothing of the victim's in an answer to somebody else. */
function expectNoVictimData(reply: Reply, s: Setup) {
  const secrets = [
    VICTIM_MARK,
    VICTIM_EMAIL,
    s.victim.id,
    ...Object.values(s.victimIds).slice(0, 6),
  ];
  for (const secret of secrets) expect(reply.text, `leaks ${secret}`).not.toContain(secret);
}

describe.each(TOPOLOGIES)('access control matrix, %s', (topology) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp(topology);
  }, 120_000);
  afterAll(() => s?.target.stop());

  for (const column of ATTACKS) {
    describe(column.name, () => {
      for (const route of ROUTES.filter(column.applies)) {
        it(`${route.method} ${route.path}`, async () => {
          const expected = column.expected(route);
          for (const credentials of column.credentials(s, route)) {
            await attack(`access: ${column.name}`, async () => {
              const path = route.to(s.victimIds);
              const reply = await s.api.call(route.method, path, {
                ...(await withConfirmation(s.api, route, credentials)),
                body: route.body,
              });
              const what = `${route.method} ${path} (${credentials.authorization?.slice(0, 40) ?? 'token'}) → ${reply.status} ${reply.text.slice(0, 200)}`;
              expect(reply.status, what).toBe(expected.status);
              if (expected.codes) expect(expected.codes, what).toContain(reply.body?.code);
              if (reply.status >= 400) expect(reply.body?.message, what).toBeTruthy();
              expected.check?.(reply, s);
              expectNoVictimData(reply, s);
            });
          }
          if (route.method !== 'GET') expect(await victimState(s)).toBe(s.baseline);
        });
      }
    });
  }

  // Runs last: the right caller gets a 2xx from every route the attacks were refused on.
  describe('control: the owner, or an admin, is let through', () => {
    for (const route of ROUTES.filter((r) => r.control !== false)) {
      it(`${route.method} ${route.path}`, async () => {
        const caller = route.access === 'admin' ? s.admin : s.victim;
        const ids = { ...s.victimIds, ownJournal: s.victimIds.journal, user: s.doomed.id };
        const path = route.to(ids);
        // The code-verified token: only it may change the password.
        const reply = await s.api.call(route.method, path, {
          ...(await withConfirmation(s.api, route, {
            token: caller.codeToken,
            password: caller.password,
          })),
          body: route.body,
        });
        expect(reply.status, `${route.method} ${path} → ${reply.text}`).toBe(
          route.succeeds ?? (route.method === 'POST' ? 201 : 200),
        );
        // A password change retires the caller's tokens and answers a new one.
        if (route.access === 'self' && typeof reply.body?.token === 'string')
          caller.codeToken = reply.body.token;
        if (route.path === '/api/user/password')
          caller.password = (route.body as { newPassword: string }).newPassword;
        if (route.method === 'GET' && route.path === '/api/admin/users') {
          expect(reply.text).not.toMatch(/password|hash|session_?version/i);
          expect(reply.text).toContain(s.mallory.email);
        }
      });
    }
  });
});
