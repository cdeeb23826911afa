import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  expectIgnored,
  withProtoKey,
  withUnknownFields,
  expectRefusedAndUnstored,
} from '@dayframe/test-kit';
import { startIdentity, type Harness } from './_harness.ts';

// Tolerant reader: a newer client may send fields this service does not know yet; fields that
// name a role or a verified flag are as unknown as any other.
describe.each(DATABASE_KINDS)('identity ignores unknown body fields on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startIdentity(kind);
    await h.signup('First', 'first@example.com'); // the first account becomes the admin
  });
  afterAll(() => h?.stop());

  const rows = async () => [
    await h.db('users').select(),
    await h.db('verification_codes').select(),
  ];
  const signUp = (rawBody: string) => h.api.call('POST', '/api/auth/signup', { rawBody });
  const extras = { role: 'admin', verified: true, _id: 'chosen-id', sessionVersion: 9 };

  it('signs up, verifies, logs in and updates the profile, never storing or echoing the extras', async () => {
    const email = 'tolerant@example.com';
    const password = 'correct horse battery';
    const signup = await h.api.call('POST', '/api/auth/signup', {
      rawBody: withUnknownFields({ name: 'Tol', email, password, ...extras }),
    });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.body.user).toMatchObject({ role: 'user', verified: false });
    expect(signup.body.user._id).not.toBe('chosen-id');

    const sent = await h.api.call('POST', '/api/auth/otp/send', {
      rawBody: withUnknownFields({ email, ...extras }),
    });
    expect(sent.status, sent.text).toBe(200);
    const verified = await h.api.call('POST', '/api/auth/otp/verify', {
      rawBody: withUnknownFields({ email, otp: await h.nextCode(email), ...extras }),
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.user).toMatchObject({ role: 'user', verified: true });

    const login = await h.api.call('POST', '/api/auth/login', {
      rawBody: withUnknownFields({ email, password, ...extras }),
    });
    expect(login.status, login.text).toBe(200);
    const updated = await h.api.call('PUT', '/api/user/update', {
      token: login.body.token,
      rawBody: withUnknownFields({ name: 'Tol 2', email, ...extras }),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.updatedUser).toMatchObject({ name: 'Tol 2', role: 'user' });

    const stored = await h.db('users').where({ email }).first();
    expect(stored.role).toBe('user');
    expectIgnored(signup.text, sent.text, verified.text, login.text, updated.text, await rows());
  });

  it('still refuses a bad value of a known field, next to unknown ones, and stores nothing', () =>
    expectRefusedAndUnstored(
      signUp,
      [withUnknownFields({ name: 'Bad', email: 42, password: 'correct horse battery' })],
      'validation_failed',
      rows,
    ));

  it("refuses a __proto__ key as invalid JSON (the body parser's secure parse): nothing polluted, nothing stored", () =>
    expectRefusedAndUnstored(
      signUp,
      [
        withProtoKey({
          name: 'P',
          email: 'polluter@example.com',
          password: 'correct horse battery',
        }),
      ],
      'invalid_json',
      rows,
    ));
});
