import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir, finding } from '@dayframe/test-kit';
import { startProxyGateway } from './_proxy-harness.ts';
import { gatewayConfig } from './config.ts';
import { remoteUrlAllowed } from './remote-url-policy.ts';

const SERVICES = {
  IDENTITY_URL: 'http://identity:3001',
  JOURNALS_URL: 'http://journals:3002',
  GOALS_URL: 'http://goals:3003',
  CALENDAR_URL: 'http://calendar:3004',
  ARCHIVE_URL: 'http://archive:3005',
  MEDIA_URL: 'http://media:3006',
  REMINDERS_URL: 'http://reminders:3007',
};

describe('remoteUrlAllowed', () => {
  const allowed = (entry: string, production: boolean) => remoteUrlAllowed(entry, production);

  // [entry, allowed in production, allowed outside it]
  it.each([
    ['https://cdn.example.com/goals/mf-manifest.json', true, true],
    ['https://cdn.example.com:8443/goals/v2/mf-manifest.json?v=3', true, true],
    ['https://[2001:db8::1]/mf-manifest.json', true, true],
    ['/remotes/mfe-goals/mf-manifest.json', true, true],
    // Plain http: refused in production, loopback included; allowed outside production.
    ['http://cdn.example.com/goals/mf-manifest.json', false, true],
    ['http://localhost:8082/mf-manifest.json', false, true],
    ['http://127.0.0.1:8082/mf-manifest.json', false, true],
    ['http://[::1]:8082/mf-manifest.json', false, true],
  ])('%s: production %s, otherwise %s', (entry, production, development) => {
    expect(allowed(entry, true)).toBe(production);
    expect(allowed(entry, false)).toBe(development);
  });

  // Each is read by a browser as something other than it appears to say: refused everywhere.
  it.each([
    ['a backslash after the slash (read as //evil.example)', '/\\evil.example/mf-manifest.json'],
    ['a backslash in a URL', 'https:\\\\evil.example/mf-manifest.json'],
    ['a backslash before user-info', 'https://cdn.example.com\\@evil.example/mf-manifest.json'],
    ['a protocol-relative path', '//evil.example/mf-manifest.json'],
    ['three slashes', '///evil.example/mf-manifest.json'],
    ['a scheme without slashes', 'https:evil.example/mf-manifest.json'],
    ['one slash after the scheme', 'https:/evil.example/mf-manifest.json'],
    ['user-info', 'https://a@b.example/mf-manifest.json'],
    ['user-info with a password', 'https://cdn.example.com:x@evil.example/mf-manifest.json'],
    ['a tab inside', 'https://cdn.exam\tple.com/mf-manifest.json'],
    ['a newline inside a path', '/remotes/\nmfe-goals/mf-manifest.json'],
    ['a NUL', 'https://cdn.example.com/mf-manifest.json\u0000'],
    ['DEL', '/remotes/mfe-goals/\u007fmf-manifest.json'],
    ['a leading space', ' https://cdn.example.com/mf-manifest.json'],
    ['a trailing space', 'https://cdn.example.com/mf-manifest.json '],
    ['an upper-case scheme', 'HTTPS://cdn.example.com/mf-manifest.json'],
    ['an upper-case host', 'https://CDN.example.com/mf-manifest.json'],
    ['a dot segment', '/remotes/../evil/mf-manifest.json'],
    ['an encoded dot segment', '/remotes/%2e%2e/evil/mf-manifest.json'],
    ['the default port written out', 'https://cdn.example.com:443/mf-manifest.json'],
    ['no path', 'https://cdn.example.com'],
    ['another scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:application/json,{}'],
    ['a relative path', 'remotes/mfe-goals/mf-manifest.json'],
    ['an empty value', ''],
  ])('refuses %s', (_what, entry) => {
    expect(allowed(entry, true)).toBe(false);
    expect(allowed(entry, false)).toBe(false);
    // In http too, outside production.
    const http = entry.replace(/^https/, 'http').replace(':443/', ':80/');
    if (http !== entry) expect(allowed(http, false)).toBe(false);
  });
});

describe('remote manifest URLs in production', () => {
  it('refuses an http:// MFE_*_URL at start in production, loopback included, naming it; allows it otherwise', () => {
    const env = (NODE_ENV: string, url: string) =>
      ({ NODE_ENV, ...SERVICES, MFE_GOALS_URL: url }) as NodeJS.ProcessEnv;
    for (const refused of [
      'http://cdn.example.com/goals/mf-manifest.json',
      'http://localhost:8082/mf-manifest.json',
      'https://a@cdn.example.com/goals/mf-manifest.json',
      'https:cdn.example.com/goals/mf-manifest.json',
    ])
      expect(() => gatewayConfig(env('production', refused)), refused).toThrow(
        'Invalid configuration: MFE_GOALS_URL: must be an https:// URL when NODE_ENV=production',
      );
    const allowed = 'https://cdn.example.com/goals/mf-manifest.json';
    expect(gatewayConfig(env('production', allowed)).MFE_GOALS_URL).toBe(allowed);
    for (const http of [
      'http://cdn.example.com/goals/mf-manifest.json',
      'http://localhost:8082/mf-manifest.json',
    ])
      expect(gatewayConfig(env('development', http)).MFE_GOALS_URL).toBe(http);
    // Outside production a non-canonical one is still refused.
    expect(() =>
      gatewayConfig(env('development', 'http://a@cdn.example.com/goals/mf-manifest.json')),
    ).toThrow('MFE_GOALS_URL: must be an http(s):// URL in canonical form');
  });

  it('ignores http:// entries of REMOTES_FILE in production, non-canonical ones always, and keeps the https ones', () =>
    finding('R3-8 http and non-canonical remote URLs in production', 'refused', async () => {
      const dir = tempDataDir();
      const file = join(dir.dir, 'remotes.json');
      writeFileSync(
        file,
        JSON.stringify({
          mfe_goals: 'http://cdn.example.com/goals/v2/mf-manifest.json',
          mfe_journals: 'https://cdn.example.com/journals/v2/mf-manifest.json',
          mfe_calendar: '/\\evil.example/calendar/mf-manifest.json',
          mfe_account: 'http://localhost:8084/mf-manifest.json',
        }),
      );
      const entries = async (NODE_ENV: string) => {
        const gw = await startProxyGateway({ NODE_ENV, REMOTES_FILE: file });
        try {
          const res = await gw.api.call('GET', '/remotes.json');
          expect(res.status).toBe(200);
          return Object.fromEntries(
            (res.body.remotes as { name: string; entry: string }[]).map((r) => [r.name, r.entry]),
          );
        } finally {
          await gw.stop();
        }
      };
      try {
        const production = await entries('production');
        expect(production.mfe_journals).toBe(
          'https://cdn.example.com/journals/v2/mf-manifest.json',
        );
        expect(production.mfe_goals).toBe('/remotes/mfe-goals/mf-manifest.json');
        expect(production.mfe_account).toBe('/remotes/mfe-account/mf-manifest.json');
        const development = await entries('development');
        expect(development.mfe_goals).toBe('http://cdn.example.com/goals/v2/mf-manifest.json');
        expect(development.mfe_account).toBe('http://localhost:8084/mf-manifest.json');
        // A backslash path is another host to a browser: ignored everywhere.
        expect(production.mfe_calendar).toBe('/remotes/mfe-calendar/mf-manifest.json');
        expect(development.mfe_calendar).toBe('/remotes/mfe-calendar/mf-manifest.json');
      } finally {
        dir.remove();
      }
    }));
});
