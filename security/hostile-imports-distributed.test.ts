import { createSecretKey } from 'node:crypto';
import { SERVICE_TOKEN_HEADER, serviceCaller } from '@dayframe/service-kit/tokens';
// Issue 24 (findings 1 and 2, the archive's side) on the distributed topology: every process
// on its own, uploads through the gateway to the archive service. Hostile uploads are refused
// within their deadlines while another account is answered, the gateway's and the archive's
// `/readyz` stay 200 and the archive process stays under 512 MB; imports are admitted one per
// account and two at a time; journals reads the largest import part the archive can send within
// its pod's memory, and refuses a larger one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { finding, startDistributedSystem, type DistributedSystem } from '@dayframe/test-kit';
import {
  HOSTILE_UPLOADS,
  admitsImportsOneByOne,
  memoryOf,
  settled,
  survivesHostileUpload,
  type ImportTarget,
} from './_hostile-imports.ts';

/** Journals' and goals' pods: deploy/kubernetes/base/journals.yaml, goals.yaml. */
const POD_LIMIT_MB = 384;

describe('hostile imports on the distributed topology', () => {
  let system: DistributedSystem;
  let target: ImportTarget;
  const tokens: string[] = [];

  beforeAll(async () => {
    system = await startDistributedSystem({ env: { SHUTDOWN_GRACE_MS: '0' } });
    target = {
      url: system.gatewayUrl,
      pid: system.processes.archive.child.pid!,
      readyz: [`${system.gatewayUrl}/readyz`, `${system.processes.archive.url}/readyz`],
    };
    for (const name of ['mallory', 'olive', 'ann', 'bea'])
      tokens.push((await system.verifiedUser(name, `${name}@example.com`)).token);
    await settled(target, tokens[1]!);
  }, 180_000);
  afterAll(() => system?.stop());

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

  it('journals reads the largest part the archive sends within its pod, and refuses a larger one', async () => {
    const journals = system.processes.journals;
    const send = (body: Buffer) =>
      fetch(`${journals.url}/internal/import?importId=${crypto.randomUUID()}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[1]}`,
          'content-type': 'application/json',
          // As the archive sends it: with its service token for journals.
          [SERVICE_TOKEN_HEADER]: serviceCaller(
            createSecretKey(Buffer.from(system.envs.journals.SERVICE_TOKEN_SECRET!)),
            'archive',
          ).tokenFor('journals'),
        },
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      });
    await finding(
      'R3-1 import parts capped to fit the journals and goals pods',
      'refused',
      async () => {
        // 97,000 entries in 32 MB, the last one incomplete: read, parsed and checked whole, then
        // refused, so nothing is written.
        const head = '{"journals":[{"title":"J","entries":[';
        const unit = `{"title":"Day","content":"${'a'.repeat(300)}","date":"2026-01-01"},`;
        const tail = '{"title":"unfinished"}]}]}';
        const count = Math.floor(
          (IMPORT_LIMITS.partBytes - head.length - tail.length) / unit.length,
        );
        const part = Buffer.alloc(head.length + count * unit.length + tail.length);
        part.write(head);
        part.fill(unit, head.length, head.length + count * unit.length);
        part.write(tail, head.length + count * unit.length);
        const largest = await send(part);
        expect(largest.status, await largest.clone().text()).toBe(400);
        expect((await largest.json()).code).toBe('validation_failed');
        const memory = memoryOf(journals.child.pid!);
        expect(memory.peakMb).toBeLessThan(POD_LIMIT_MB);
        if (process.env.HOSTILE_IMPORTS_LOG) console.log('journals after a 32 MB part', memory);
        const larger = await send(Buffer.alloc(IMPORT_LIMITS.partBytes + 64 * 1024 + 1, ' '));
        expect(larger.status).toBe(413);
        expect(await larger.json()).toEqual({
          message: ARCHIVE_MESSAGES.partTooLarge,
          code: 'import_part_too_large',
        });
      },
    );
  }, 60_000);
});
