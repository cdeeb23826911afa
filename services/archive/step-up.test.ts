// Step-up (issue 24, finding 9): the export hands over everything an account holds, so a session
// token copied from local storage is not enough; it needs a confirmation from the last ten
// minutes, of this very session, signed by identity. The archive checks it with identity's public
// key alone. One database kind: the guard reads none (the export itself is tested on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_HEADER } from '@dayframe/contracts';
import { createTokenIssuer } from '@dayframe/service-kit/tokens';
import { finding, otherTokenKeys, testTokenKeys } from '@dayframe/test-kit';
import { startArchiveTestApp, type ArchiveTestApp } from './_test-app.ts';

const REAUTH = { message: "Confirm it's you to continue.", code: 'reauth_required' };

describe('export needs a recent confirmation (sqlite)', () => {
  let app: ArchiveTestApp;
  beforeAll(async () => {
    app = await startArchiveTestApp('sqlite');
  });
  afterAll(() => app?.close());

  it('refuses an export without a good confirmation and streams it with one', async () => {
    await finding('R3-9 a copied token alone cannot export the account', 'refused', async () => {
      const ann = app.sessions.newUser();
      const made = await app.journalsApi.call('POST', '/api/journals', {
        token: ann.token,
        body: { title: 'Private', description: 'only mine' },
      });
      expect(made.status).toBe(201);
      const bob = app.sessions.newUser();
      const proofOf = (
        claims: { sub: string; sid: string; sv: number },
        issuer = app.sessions.tokens,
      ) => issuer.signConfirmation({ ...claims, amr: 'password' }).confirmation;
      const elevenMinutesAgo = createTokenIssuer(testTokenKeys().signingKey, {
        now: () => Date.now() - 11 * 60_000,
      });
      // The same sign-in after a sign-out everywhere (a password change): the version moved on.
      const afterSignOut = app.sessions.tokens.sign({
        sub: ann.id,
        role: 'user',
        sv: 1,
        sid: ann.sid,
      });

      const refusals: Array<[string, string | undefined, string?]> = [
        ['no confirmation', undefined],
        ['garbage', 'not-a-token'],
        ['the session token itself', ann.token],
        ["another user's confirmation", proofOf({ sub: bob.id, sid: bob.sid, sv: 0 })],
        [
          'another sign-in of the same user',
          proofOf({ sub: ann.id, sid: 'another-device', sv: 0 }),
        ],
        [
          'an expired confirmation',
          proofOf({ sub: ann.id, sid: ann.sid, sv: 0 }, elevenMinutesAgo),
        ],
        [
          'signed with another key',
          proofOf(
            { sub: ann.id, sid: ann.sid, sv: 0 },
            createTokenIssuer(otherTokenKeys().signingKey),
          ),
        ],
        [
          'from before a sign-out everywhere',
          proofOf({ sub: ann.id, sid: ann.sid, sv: 0 }),
          afterSignOut,
        ],
      ];
      for (const [what, proof, token = ann.token] of refusals) {
        for (const query of ['?format=json', '']) {
          const reply = await app.api.call('GET', `/api/export${query}`, {
            token,
            headers: proof === undefined ? {} : { [CONFIRMATION_HEADER]: proof },
          });
          expect({ what, query, status: reply.status, body: reply.body }).toEqual({
            what,
            query,
            status: 403,
            body: REAUTH,
          });
          expect(reply.headers.get('content-disposition')).toBeNull();
        }
      }

      const done = await app.api.call('GET', '/api/export?format=json', {
        token: ann.token,
        headers: app.sessions.confirmed(ann),
      });
      expect(done.status).toBe(200);
      expect(done.body.journals.map((j: { title: string }) => j.title)).toEqual(['Private']);
    });
  });
});
