// The test kit's software authenticator, checked against the library identity verifies with:
// if these pass, the service tests' passkeys are ones a real server accepts.
import { describe, expect, it } from 'vitest';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { softPasskeyAuthenticator } from '@dayframe/test-kit';

const origin = 'http://localhost:8080';
const rpId = 'localhost';

async function registered() {
  const authenticator = softPasskeyAuthenticator({ origin, rpId });
  const options = await generateRegistrationOptions({
    rpName: 'Dayframe',
    rpID: rpId,
    userName: 'ann@example.com',
    userID: new TextEncoder().encode('user-1'),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const response = authenticator.create(options as never);
  const verified = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpId,
    requireUserVerification: true,
  });
  return { authenticator, verified, options };
}

describe('the soft passkey authenticator', () => {
  it('makes a credential @simplewebauthn/server registers, with its user handle', async () => {
    const { authenticator, verified, options } = await registered();
    expect(verified.verified).toBe(true);
    expect(verified.registrationInfo!.fmt).toBe('none');
    expect(verified.registrationInfo!.userVerified).toBe(true);
    expect(verified.registrationInfo!.credential.id).toBe(authenticator.credentials[0]!.id);
    expect(authenticator.credentials[0]!.userHandle).toBe(options.user.id);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe('user-1');
  });

  it('answers a discoverable request with a growing counter the library verifies', async () => {
    const { authenticator, verified } = await registered();
    const credential = verified.registrationInfo!.credential;
    let counter = credential.counter;
    for (let i = 0; i < 2; i++) {
      const options = await generateAuthenticationOptions({
        rpID: rpId,
        userVerification: 'required',
      });
      const assertion = authenticator.get(options);
      expect(Buffer.from(assertion.response.userHandle, 'base64url').toString()).toBe('user-1');
      const result = await verifyAuthenticationResponse({
        response: assertion as unknown as AuthenticationResponseJSON,
        expectedChallenge: options.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: { ...credential, counter },
        requireUserVerification: true,
      });
      expect(result.verified).toBe(true);
      expect(result.authenticationInfo.newCounter).toBe(counter + 1);
      counter = result.authenticationInfo.newCounter;
    }
  });

  it('bends an answer where asked, and the library notices each bend', async () => {
    const { authenticator, verified } = await registered();
    const credential = verified.registrationInfo!.credential;
    const options = await generateAuthenticationOptions({ rpID: rpId });
    const check = (bend: Parameters<typeof authenticator.get>[1]) =>
      verifyAuthenticationResponse({
        response: authenticator.get(options, bend) as unknown as AuthenticationResponseJSON,
        expectedChallenge: options.challenge,
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: { ...credential, counter: 5 },
        requireUserVerification: true,
      });
    await expect(check({ origin: 'http://localhost:9999', counter: 6 })).rejects.toThrow(/origin/i);
    await expect(check({ rpId: 'example.com', counter: 7 })).rejects.toThrow(/RP ID/i);
    await expect(check({ userVerified: false, counter: 8 })).rejects.toThrow(/verif/i);
    await expect(check({ counter: 5 })).rejects.toThrow(/counter/i);
    await expect(check({ counter: 9 })).resolves.toMatchObject({ verified: true });
    expect(() => authenticator.get({ challenge: 'x', allowCredentials: [{ id: 'AAAA' }] })).toThrow(
      /NotAllowedError/,
    );
  });
});
