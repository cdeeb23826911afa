import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serviceConfig, signingConfig } from './config.ts';
import { newTokenKeyPair } from '../tokens/tokens.ts';

const ENV_EXAMPLE = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
const example = (name: string) => {
  const value = new RegExp(`^${name}=(.*)$`, 'm').exec(ENV_EXAMPLE)?.[1];
  if (value === undefined) throw new Error(`${name} is not in .env.example`);
  return value;
};

/** Identity's configuration: the process that reads every kind of secret. */
const identity = (env: Record<string, string>) =>
  serviceConfig(3001, signingConfig, env as NodeJS.ProcessEnv);

describe('secrets at start', () => {
  const keys = newTokenKeyPair();
  const real = {
    NODE_ENV: 'production',
    DATABASE_URL: 'mysql://identity:4f1c0a9e7b2d@mysql:3306/identity',
    REDIS_URL: 'redis://:9d8e7f6a5b4c@redis:6379',
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
  };

  it('starts in production with real values', () => {
    const config = identity(real);
    expect(config.JWT_PRIVATE_KEY?.type).toBe('private');
    expect(config.JWT_PUBLIC_KEY?.type).toBe('public');
  });

  // Each placeholder of .env.example, where compose puts it, refused and named.
  const placeholders: [string, Record<string, string>][] = [
    ['JWT_PRIVATE_KEY', { JWT_PRIVATE_KEY: example('JWT_PRIVATE_KEY') }],
    ['JWT_PUBLIC_KEY', { JWT_PUBLIC_KEY: example('JWT_PUBLIC_KEY') }],
    ...(['IDENTITY', 'JOURNALS', 'GOALS'] as const).map(
      (service): [string, Record<string, string>] => [
        'DATABASE_URL',
        {
          DATABASE_URL: `mysql://${service.toLowerCase()}:${example(`${service}_DB_PASSWORD`)}@mysql:3306/${service.toLowerCase()}`,
        },
      ],
    ),
    ['REDIS_URL', { REDIS_URL: `redis://:${example('REDIS_PASSWORD')}@redis:6379` }],
    ['CODE_HMAC_SECRET', { CODE_HMAC_SECRET: 'change-me-code-secret-of-enough-length-0000' }],
  ];
  it.each(placeholders)('refuses the .env.example placeholder of %s in production', (name, env) => {
    expect(() => identity({ ...real, ...env })).toThrow(
      new RegExp(`Invalid configuration: .*${name}: .*placeholder`),
    );
  });

  it('accepts the placeholder passwords outside production (tests, laptops)', () => {
    const env = {
      ...real,
      NODE_ENV: 'development',
      DATABASE_URL: `mysql://goals:${example('GOALS_DB_PASSWORD')}@mysql:3306/goals`,
      REDIS_URL: `redis://:${example('REDIS_PASSWORD')}@redis:6379`,
      CODE_HMAC_SECRET: 'short',
    };
    expect(() => identity(env)).not.toThrow();
  });

  it('refuses a short code secret and a key that is not an RSA key, naming them', () => {
    expect(() => identity({ ...real, CODE_HMAC_SECRET: 'too-short' })).toThrow(
      /CODE_HMAC_SECRET: must be at least 32 bytes when NODE_ENV=production/,
    );
    expect(() => identity({ ...real, JWT_PUBLIC_KEY: keys.privateKey })).toThrow(
      /JWT_PUBLIC_KEY: must be a PEM-encoded RSA public key/,
    );
  });

  it('lists every secret of .env.example as a placeholder the guard knows', () => {
    const secrets = [...ENV_EXAMPLE.matchAll(/^([A-Z_]*(?:PASSWORD|KEY|SECRET))=(.*)$/gm)];
    expect(secrets.map((m) => m[1])).toEqual(
      expect.arrayContaining(['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY', 'REDIS_PASSWORD']),
    );
    // Empty is an optional secret left unset (the media bucket's credentials, unused without a
    // bucket); a value shipped in the example must be a placeholder the guard refuses.
    for (const [, name, value] of secrets) expect(value, name).toMatch(/^$|change-me/);
  });
});
