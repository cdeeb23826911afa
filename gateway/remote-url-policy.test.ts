import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '@dayframe/test-kit';
import { startProxyGateway } from './_proxy-harness.ts';
import { gatewayConfig } from './config.ts';

const SERVICES = {
  IDENTITY_URL: 'http://identity:3001',
  JOURNALS_URL: 'http://journals:3002',
  GOALS_URL: 'http://goals:3003',
  CALENDAR_URL: 'http://calendar:3004',
  ARCHIVE_URL: 'http://archive:3005',
};

describe('remote manifest URLs in production', () => {
  it('refuses an http:// MFE_*_URL at start in production, naming it; allows it otherwise', () => {
    const env = (NODE_ENV: string, url: string) =>
      ({ NODE_ENV, ...SERVICES, MFE_GOALS_URL: url }) as NodeJS.ProcessEnv;
    expect(() =>
      gatewayConfig(env('production', 'http://cdn.example.com/goals/mf-manifest.json')),
    ).toThrow(
      'Invalid configuration: MFE_GOALS_URL: must be an https:// URL when NODE_ENV=production',
    );
    for (const allowed of [
      'https://cdn.example.com/goals/mf-manifest.json',
      'http://localhost:8082/mf-manifest.json', // loopback: nothing on the network can swap it
    ]) {
      expect(gatewayConfig(env('production', allowed)).MFE_GOALS_URL).toBe(allowed);
    }
    expect(
      gatewayConfig(env('development', 'http://cdn.example.com/goals/mf-manifest.json'))
        .MFE_GOALS_URL,
    ).toBe('http://cdn.example.com/goals/mf-manifest.json');
  });

  it('ignores http:// entries of REMOTES_FILE in production and keeps the https ones', async () => {
    const dir = tempDataDir();
    const file = join(dir.dir, 'remotes.json');
    writeFileSync(
      file,
      JSON.stringify({
        mfe_goals: 'http://cdn.example.com/goals/v2/mf-manifest.json',
        mfe_journals: 'https://cdn.example.com/journals/v2/mf-manifest.json',
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
      expect(production.mfe_journals).toBe('https://cdn.example.com/journals/v2/mf-manifest.json');
      expect(production.mfe_goals).toBe('/remotes/mfe-goals/mf-manifest.json');
      const development = await entries('development');
      expect(development.mfe_goals).toBe('http://cdn.example.com/goals/v2/mf-manifest.json');
    } finally {
      dir.remove();
    }
  });
});
