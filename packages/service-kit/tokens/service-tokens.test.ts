import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiClient, listen, type ApiClient } from '@dayframe/test-kit';
import { createServiceApp } from '../http/service-app.ts';
import { parseConfig } from '../http/config.ts';
import { silentLogger } from '../http/logger.ts';
import {
  SERVICE_TOKEN_HEADER,
  SERVICE_TOKEN_TTL_SECONDS,
  newServiceTokenSecret,
  randomServiceKey,
  requireServiceKey,
  serviceCaller,
  serviceTokenSettings,
} from './service-tokens.ts';

const ENV_EXAMPLE = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
const settings = (env: Record<string, string>) =>
  parseConfig(z.object(serviceTokenSettings), env as NodeJS.ProcessEnv);

describe('SERVICE_TOKEN_SECRET', () => {
  it('refuses the .env.example placeholder and a short secret in every environment', () => {
    const placeholder = /^SERVICE_TOKEN_SECRET=(.*)$/m.exec(ENV_EXAMPLE)![1]!;
    expect(() => settings({ SERVICE_TOKEN_SECRET: placeholder })).toThrow(
      /SERVICE_TOKEN_SECRET: is the .env.example placeholder/,
    );
    expect(() => settings({ SERVICE_TOKEN_SECRET: 'short' })).toThrow(
      /SERVICE_TOKEN_SECRET: must be at least 32 bytes/,
    );
    expect(
      settings({ SERVICE_TOKEN_SECRET: newServiceTokenSecret() }).SERVICE_TOKEN_SECRET?.type,
    ).toBe('secret');
  });

  it('is required by a service in its own process', () => {
    expect(() => requireServiceKey(settings({}))).toThrow(
      /Invalid configuration: SERVICE_TOKEN_SECRET: required/,
    );
  });
});

describe('a service caller', () => {
  it('reuses its token per audience until 15 s before it expires, then mints a new one', () => {
    let now = 1_800_000_000_000;
    const key = randomServiceKey();
    const caller = serviceCaller(key, 'calendar', () => now);
    const first = caller.tokenFor('journals');
    expect(jwt.verify(first, key, { algorithms: ['HS256'] })).toMatchObject({
      iss: 'calendar',
      aud: 'journals',
      exp: now / 1000 + SERVICE_TOKEN_TTL_SECONDS,
    });
    expect(caller.tokenFor('goals')).not.toBe(first);
    now += 44_000;
    expect(caller.tokenFor('journals')).toBe(first);
    now += 2_000;
    expect(caller.tokenFor('journals')).not.toBe(first);
  });
});

describe('the /internal check of a service app', () => {
  const key = randomServiceKey();
  let server: { url: string; close(): Promise<void> };
  let api: ApiClient;
  beforeAll(async () => {
    const router = new Router();
    router.get('/internalish', (ctx) => void (ctx.body = { open: true }));
    router.get('/internal/session', (ctx) => void (ctx.body = { checked: true }));
    const app = createServiceApp({
      name: 'identity',
      log: silentLogger(),
      serviceKey: key,
      routers: [router],
      readiness: {},
    });
    server = await listen(app.callback());
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('guards /internal and below only, before the route runs', async () => {
    expect((await api.call('GET', '/internalish')).body).toEqual({ open: true });
    expect((await api.call('GET', '/healthz')).status).toBe(200);
    // The router ignores case and decodes escapes: each spelling that reaches the route is guarded.
    for (const path of [
      '/internal',
      '/internal/',
      '/internal/session',
      '/internal/nothing',
      '/INTERNAL/session',
      '/Internal/Session',
      '/%69nternal/session',
      '/internal%2Fsession',
      '/internal/session/',
    ]) {
      const res = await api.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.code, path).toBe('service_token_required');
    }
    const asJournals = serviceCaller(key, 'journals').tokenFor('identity');
    const res = await api.call('GET', '/internal/session', {
      headers: { [SERVICE_TOKEN_HEADER]: asJournals },
    });
    expect(res.body).toEqual({ checked: true });
    // HEAD is a GET for the catalog.
    const head = await api.call('HEAD', '/internal/session', {
      headers: { [SERVICE_TOKEN_HEADER]: asJournals },
    });
    expect(head.status).toBe(200);
  });
});
