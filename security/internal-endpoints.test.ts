// Issue 24, finding 7: `/internal/*` trusted whoever could reach it (identity's
// `POST /internal/users/existing` asked for nothing at all). Every service now refuses an internal
// call without a service token from a caller its catalog row allows for that endpoint
// (decision 0043). Distributed: each process called directly, as another container would, with
// no token, tokens that are wrong in each way, and the right one. Embedded: the internal routes
// are not reachable through the one port at all, whatever the path's spelling.
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES, type ServiceName } from '@dayframe/catalog';
import { SERVICE_TOKEN_HEADER, serviceCaller } from '@dayframe/service-kit/tokens';
import {
  addMediaFile,
  apiClient,
  finding,
  otherServiceSecret,
  type ApiClient,
} from '@dayframe/test-kit';
import { attack } from './_summary.ts';
import { startTarget, verifiedAccount, type Account, type Target } from './_target.ts';

const WINDOW = 'from=2026-01-01&to=2026-01-31';

/** Every internal endpoint the catalog lists, as `[service, method, path]`. */
const ENDPOINTS = SERVICES.flatMap((row) =>
  Object.keys(row.internal).map((endpoint) => {
    const [method, path] = endpoint.split(' ') as [string, string];
    return [row.name as ServiceName, method, path] as const;
  }),
);

/** A small PDF: a file media keeps as it came, the same bytes each time (imported once). */
const PDF = '%PDF-1.4\n'.padEnd(400);

/** A request each endpoint would answer 200, so that only the service token decides. */
function requestOf(
  service: ServiceName,
  path: string,
  account: Account,
  journalId = '00000000-0000-4000-8000-000000000000',
  mediaId = '00000000-0000-4000-8000-000000000000',
): { path: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } {
  switch (`${service} ${path}`) {
    case 'media /internal/export/file':
      return { path: `${path}?id=${mediaId}` };
    case 'media /internal/import/check':
      return { path, body: { files: [] } };
    case 'media /internal/import':
      // One file as the raw body; bytes it already holds answer with the file it has.
      return {
        path,
        rawBody: PDF,
        headers: { 'content-type': 'application/octet-stream' },
      };
    case 'journals /internal/media/referenced':
      return { path, body: { userId: account.id, ids: [mediaId] } };
    case 'journals /internal/entries/written-on':
      return { path, body: { userId: account.id, date: '2026-03-29' } };
    case 'journals /internal/entries/summaries':
      return { path, body: { userId: account.id, ids: [journalId] } };
    case 'journals /internal/entries/week':
      return {
        path,
        body: { userId: account.id, from: '2026-03-30', to: '2026-04-05', today: '2026-04-05' },
      };
    case 'goals /internal/goals/due':
    case 'goals /internal/goals/completed-count':
      return { path, body: { userId: account.id, from: '2026-03-30', to: '2026-04-05' } };
    case 'identity /internal/users/mail-address':
      return { path, body: { userId: account.id } };
  }
  switch (path) {
    case '/internal/users/existing':
      return { path, body: { ids: [account.id] } };
    case '/internal/import':
      return { path: `${path}?dryRun=1`, body: { [service]: [] } };
    case '/internal/import/:importId':
      // Undoing an import nobody made removes nothing, and answers so.
      return { path: `/internal/import/${journalId}` };
    case '/internal/calendar-window':
      return { path: `${path}?${WINDOW}` };
    case '/internal/export/entries':
      return { path: `${path}?journal=${journalId}` };
    default:
      return { path };
  }
}

describe('internal endpoints between processes (distributed)', () => {
  let target: Target;
  let account: Account;
  let secret: string;
  let journalId: string;
  let mediaId: string;
  const direct = {} as Record<ServiceName, ApiClient>;

  beforeAll(async () => {
    target = await startTarget('distributed');
    const system = target.distributed!;
    const client = target.client();
    account = await verifiedAccount(target, client, 'Ida', 'ida@example.com');
    const journal = await client.call('POST', '/api/journals', {
      token: account.token,
      body: { title: 'Mine' },
    });
    journalId = journal.body._id;
    const file = await addMediaFile(system.gatewayUrl, account.token, {
      name: 'a.pdf',
      bytes: new TextEncoder().encode(PDF),
    });
    mediaId = ((await file.json()) as { id: string }).id;
    secret = system.envs.journals.SERVICE_TOKEN_SECRET!;
    for (const row of SERVICES) direct[row.name] = apiClient(system.processes[row.name].url);
  }, 120_000);
  afterAll(() => target?.stop());

  const key = () => createSecretKey(Buffer.from(secret));
  /** A token as a process holding `signingKey` could make it. */
  const forged = (claims: object, signingKey = key(), algorithm: jwt.Algorithm = 'HS256') =>
    jwt.sign(claims, signingKey, { algorithm });
  const now = () => Math.floor(Date.now() / 1000);

  async function call(service: ServiceName, method: string, path: string, token?: string) {
    const request = requestOf(service, path, account, journalId, mediaId);
    return direct[service].call(method, request.path, {
      token: account.token,
      body: request.body,
      rawBody: request.rawBody,
      headers: { ...request.headers, ...(token ? { [SERVICE_TOKEN_HEADER]: token } : {}) },
    });
  }

  it('hands the secret to the services alone, never to the gateway or the mailer', () => {
    const { envs } = target.distributed!;
    for (const row of SERVICES) expect(envs[row.name].SERVICE_TOKEN_SECRET, row.name).toBe(secret);
    expect(envs.gateway.SERVICE_TOKEN_SECRET).toBeUndefined();
    expect(envs.mailer.SERVICE_TOKEN_SECRET).toBeUndefined();
  });

  it('refuses every internal call without a service token, even with a live user token', async () => {
    await finding('R3-7 internal endpoints without a service token', 'refused', async () => {
      for (const [service, method, path] of ENDPOINTS) {
        await attack('internal call without a service token', async () => {
          const res = await call(service, method, path);
          expect(res.status, `${service} ${method} ${path}`).toBe(401);
          expect(res.body).toEqual({
            message: 'This endpoint is for Dayframe services.',
            code: 'service_token_required',
          });
        });
      }
      // The router ignores case and decodes escapes: those spellings reach the route, and the check.
      for (const spelled of ['/INTERNAL/users/existing', '/%69nternal/users/existing']) {
        await attack('internal call without a service token', async () => {
          const res = await direct.identity.call('POST', spelled, {
            body: { ids: [account.id] },
          });
          expect(res.status, spelled).toBe(401);
          expect(res.text).not.toContain(account.id);
        });
      }
    });
  });

  it('refuses a token for another audience, expired, long-lived, unsigned or of another secret', async () => {
    await finding('R3-7 internal endpoints with a bad service token', 'refused', async () => {
      const t = now();
      const bad = {
        'for another audience': forged({ iss: 'calendar', aud: 'goals', iat: t, exp: t + 60 }),
        expired: forged({ iss: 'calendar', aud: 'journals', iat: t - 120, exp: t - 60 }),
        'living an hour': forged({ iss: 'calendar', aud: 'journals', iat: t, exp: t + 3600 }),
        'without expiry': forged({ iss: 'calendar', aud: 'journals', iat: t }),
        'of another secret': forged(
          { iss: 'calendar', aud: 'journals', iat: t, exp: t + 60 },
          otherServiceSecret().key,
        ),
        unsigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ iss: 'calendar', aud: 'journals', iat: t, exp: t + 60 }),
        ).toString('base64url')}.`,
        'a user token': account.token,
      };
      for (const [what, token] of Object.entries(bad)) {
        await attack('internal call with a bad service token', async () => {
          const res = await call('journals', 'GET', '/internal/calendar-window', token);
          expect(res.status, what).toBe(401);
          expect(res.body.code, what).toBe('service_token_invalid');
        });
      }
    });
  });

  it('refuses a caller the catalog does not list for that endpoint', async () => {
    await finding(
      'R3-7 internal endpoints from a caller not in the catalog',
      'refused',
      async () => {
        const as = (name: string) => serviceCaller(key(), name);
        const refused: [string, ServiceName, string, string][] = [
          // The calendar reads windows; only the archive imports and exports.
          ['calendar', 'journals', 'POST', '/internal/import'],
          ['calendar', 'goals', 'GET', '/internal/export'],
          // Only the sweeping owners ask which accounts exist; a service never calls itself.
          ['calendar', 'identity', 'POST', '/internal/users/existing'],
          ['archive', 'identity', 'POST', '/internal/users/existing'],
          ['journals', 'journals', 'GET', '/internal/calendar-window'],
          // Names that are no service, or processes that call nobody.
          ['gateway', 'identity', 'GET', '/internal/session'],
          ['mailer', 'identity', 'GET', '/internal/session'],
        ];
        for (const [caller, service, method, path] of refused) {
          await attack('internal call from a caller the catalog does not allow', async () => {
            const res = await call(service, method, path, as(caller).tokenFor(service));
            expect(res.status, `${caller} → ${service} ${method} ${path}`).toBe(403);
            expect(res.body.code).toBe('service_not_allowed');
          });
        }
        // An endpoint the catalog does not list is nobody's to call.
        const res = await call(
          'identity',
          'GET',
          '/internal/anything',
          as('journals').tokenFor('identity'),
        );
        expect(res.status).toBe(403);
      },
    );
  });

  it('answers each endpoint for a caller the catalog lists, with its own token', async () => {
    for (const [service, method, path] of ENDPOINTS) {
      const endpoint = `${method} ${path}` as keyof (typeof SERVICES)[number]['internal'];
      const callers = (
        SERVICES.find((s) => s.name === service)!.internal as Record<string, string[]>
      )[endpoint]!;
      for (const caller of callers) {
        const res = await call(
          service,
          method,
          path,
          serviceCaller(key(), caller).tokenFor(service),
        );
        expect(res.status, `${caller} → ${service} ${method} ${path}: ${res.text}`).toBe(200);
      }
    }
    const existing = await call(
      'identity',
      'POST',
      '/internal/users/existing',
      serviceCaller(key(), 'goals').tokenFor('identity'),
    );
    expect(existing.body).toEqual({ existing: [account.id] });
  });
});

describe('internal endpoints in the embedded app', () => {
  let target: Target;
  let account: Account;

  beforeAll(async () => {
    target = await startTarget('embedded');
    account = await verifiedAccount(target, target.client(), 'Jo', 'jo@example.com');
  }, 60_000);
  afterAll(() => target?.stop());

  it('are not reachable through its port, however the path is spelled', async () => {
    await finding('R3-7 internal endpoints through the embedded port', 'refused', async () => {
      const client = target.client();
      // Its key is random per process: a guessed one is as good as any.
      const guessed = serviceCaller(otherServiceSecret().key, 'calendar');
      for (const [service, method, path] of ENDPOINTS) {
        const request = requestOf(service, path, account);
        const spellings = [
          request.path,
          `/api${request.path}`,
          `/${request.path}`,
          request.path.replace('/internal/', '/%69nternal/'),
          request.path.replace('/internal/', '/api/../internal/'),
          request.path.replace('/internal/', '/INTERNAL/'),
        ];
        for (const spelled of spellings) {
          await attack('internal call through the embedded port', async () => {
            const res = await client.call(method, spelled, {
              token: account.token,
              body: request.body,
              headers: {
                accept: 'application/json',
                [SERVICE_TOKEN_HEADER]: guessed.tokenFor(service),
              },
            });
            expect(res.status, `${method} ${spelled}`).toBeGreaterThanOrEqual(400);
            expect(res.text, `${method} ${spelled}`).not.toMatch(
              /"existing"|"entries"|"goals"|"role"/,
            );
          });
        }
      }
    });
  });
});
