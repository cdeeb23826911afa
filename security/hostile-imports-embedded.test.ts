// Issue 24 (findings 1 and 2, the archive's side) on the embedded app, run as `npm start` runs
// it, in a process of its own so that its memory is its own: hostile uploads are refused within
// their deadlines while another account is answered, `/readyz` stays 200 and the process stays
// under 512 MB; imports are admitted one per account and two at a time.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServer, type AppServer } from '@dayframe/e2e-kit';
import {
  HOSTILE_UPLOADS,
  admitsImportsOneByOne,
  settled,
  survivesHostileUpload,
  type ImportTarget,
} from './_hostile-imports.ts';

describe('hostile imports on the embedded app', () => {
  let server: AppServer;
  let target: ImportTarget;
  const tokens: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    target = { url: server.url, pid: server.pid, readyz: [`${server.url}/readyz`] };
    for (const name of ['mallory', 'olive', 'ann', 'bea'])
      tokens.push((await server.verifiedAccount(name, `${name}@example.com`)).token);
    await settled(target, tokens[1]!);
  }, 120_000);
  afterAll(() => server?.stop());

  it.each(HOSTILE_UPLOADS.map((hostile) => [hostile.finding, hostile] as const))(
    '%s',
    (_, hostile) => survivesHostileUpload(target, hostile, tokens[0]!, tokens[1]!),
    90_000,
  );

  it(
    'admits one import per account and two at a time; an abandoned upload frees its slot',
    () => admitsImportsOneByOne(target, [tokens[0]!, tokens[2]!, tokens[3]!]),
    60_000,
  );
});
