import { describe, expect, it } from 'vitest';
import { identityConfig } from '../config.ts';
import { relyingPartyOf } from './relying-party.ts';

describe('the passkey relying party', () => {
  it("defaults to what npm start serves outside production, on the app's port", () => {
    expect(relyingPartyOf({ NODE_ENV: 'development' })).toEqual({
      rpId: 'localhost',
      origins: ['http://localhost:8080'],
    });
    expect(relyingPartyOf({ NODE_ENV: 'test' }, 3000).origins).toEqual(['http://localhost:3000']);
  });

  it('reads both settings from the environment, origins comma-separated', () => {
    const config = identityConfig({
      NODE_ENV: 'development',
      WEBAUTHN_RP_ID: ' Dayframe.Example ',
      WEBAUTHN_ORIGINS: 'https://app.dayframe.example, https://dayframe.example/',
    } as NodeJS.ProcessEnv);
    expect(relyingPartyOf(config)).toEqual({
      rpId: 'dayframe.example',
      origins: ['https://app.dayframe.example', 'https://dayframe.example'],
    });
  });

  it('requires both in production and refuses origins that cannot carry a passkey', () => {
    expect(() => relyingPartyOf({ NODE_ENV: 'production' })).toThrow(
      'WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS required in production',
    );
    const refuse = (origin: string, rpId = 'dayframe.example') =>
      expect(() =>
        relyingPartyOf({
          NODE_ENV: 'production',
          WEBAUTHN_RP_ID: rpId,
          WEBAUTHN_ORIGINS: [origin],
        }),
      );
    refuse('http://dayframe.example').toThrow('must be https');
    refuse('https://evil.example').toThrow('not on the WEBAUTHN_RP_ID domain');
    refuse('https://notdayframe.example').toThrow('not on the WEBAUTHN_RP_ID domain');
    refuse('https://dayframe.example/app').toThrow('must be an origin');
    refuse('dayframe.example').toThrow('is not a URL');
    refuse('http://127.0.0.1:8080', '127.0.0.1').toThrow('must be https');
    expect(
      relyingPartyOf({
        NODE_ENV: 'production',
        WEBAUTHN_RP_ID: 'localhost',
        WEBAUTHN_ORIGINS: ['http://localhost:8000'],
      }),
    ).toEqual({ rpId: 'localhost', origins: ['http://localhost:8000'] });
  });
});
