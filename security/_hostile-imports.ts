// Issue 24 findings 1 and 2, the archive's side: uploads built to exhaust memory or time, each
// refused (or handled) within its deadline while another account's requests keep answering,
// `/readyz` stays 200 and the process reading uploads stays under 512 MB; and the admission of
// imports (one per account, two per process). Used by one test file per topology.
import { readFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import { expect } from 'vitest';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { finding } from '@dayframe/test-kit';
import { manyEntriesZip, repeatingZip } from '../services/archive/_zips.ts';

const MB = 1024 * 1024;
/** What the process reading uploads may reach, as the issue asks (its pod allows 768 Mi). */
export const RSS_LIMIT_MB = 512;

export type ImportTarget = {
  /** Where clients call: the gateway. */
  url: string;
  /** The process that reads uploads: the embedded app, or the archive service. */
  pid: number;
  /** Readiness endpoints that must stay 200 throughout. */
  readyz: string[];
};

/** The process's resident memory now and at its highest, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

type Upload = { status: number; body: Record<string, unknown>; headers: Headers };

/** POST /api/import of `body` as `type`, given up after `deadlineMs`. */
export async function importOf(
  target: ImportTarget,
  token: string,
  body: Buffer | string,
  type = 'application/json',
  deadlineMs = 20_000,
): Promise<Upload> {
  const response = await fetch(new URL('/api/import', target.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body:
      typeof body === 'string'
        ? body
        : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    signal: AbortSignal.timeout(deadlineMs),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers };
}

/**
 * Runs `upload` while another account lists its journals and the readiness endpoints are
 * asked, again and again, and the reading process's memory is sampled every 25 ms.
 */
async function whileOthersAsk<T>(
  target: ImportTarget,
  otherToken: string,
  upload: () => Promise<T>,
) {
  let running = true;
  let answered = 0;
  let slowestMs = 0;
  const failures: string[] = [];
  let rssMb = memoryOf(target.pid).rssMb;
  const sampler = setInterval(() => {
    rssMb = Math.max(rssMb, memoryOf(target.pid).rssMb);
  }, 25);
  const others = (async () => {
    do {
      const started = Date.now();
      const [list, ...ready] = await Promise.all([
        fetch(new URL('/api/journals', target.url), {
          headers: { authorization: `Bearer ${otherToken}` },
        }),
        ...target.readyz.map((url) => fetch(url)),
      ]);
      await Promise.all([list, ...ready].map((r) => r.arrayBuffer()));
      slowestMs = Math.max(slowestMs, Date.now() - started);
      if (list.status === 200) answered++;
      else failures.push(`GET /api/journals: ${list.status}`);
      for (const [i, r] of ready.entries())
        if (r.status !== 200) failures.push(`${target.readyz[i]}: ${r.status}`);
      await pause(50);
    } while (running);
  })();
  const started = Date.now();
  let result: T;
  let tookMs: number;
  try {
    result = await upload();
    tookMs = Date.now() - started;
  } finally {
    running = false;
    await others;
    clearInterval(sampler);
    rssMb = Math.max(rssMb, memoryOf(target.pid).rssMb);
  }
  // Counted once the round asked during the upload is answered: a refusal quicker than one
  // round trip must not read as "nobody else was answered".
  return { result, tookMs, answered, slowestMs, failures, rssMb };
}

/** An upload built to cost far more than its size, and what it must be answered. */
export type HostileUpload = {
  finding: string;
  outcome: 'refused' | 'survived';
  build: () => Buffer;
  type: string;
  status: number;
  code: string;
  message: string;
  /** The answer's deadline: generous for a busy machine (each takes a second or a few). */
  deadlineMs: number;
  /** How many times the other account must have been answered while it ran (at least one). */
  othersAnswered?: number;
};

const DAYFRAME_HEAD = '{"format":"dayframe-export","version":1,"journals":[';

/** `head`, then `unit` repeated, then `tail`: `size` bytes at most, built by filling. */
function filled(head: string, unit: string, tail: string, size: number): Buffer {
  const count = Math.floor((size - head.length - tail.length) / Buffer.byteLength(unit));
  const bytes = Buffer.alloc(
    head.length + count * Buffer.byteLength(unit) + Buffer.byteLength(tail),
  );
  bytes.write(head, 0);
  bytes.fill(unit, head.length, head.length + count * Buffer.byteLength(unit));
  bytes.write(tail, bytes.length - Buffer.byteLength(tail));
  return bytes;
}

const jsonTooLarge = (file: string) => `${file}: ${ARCHIVE_MESSAGES.jsonTooLarge}`;
const tooComplex = `the uploaded JSON: ${ARCHIVE_MESSAGES.tooComplex}`;

export const HOSTILE_UPLOADS: HostileUpload[] = [
  {
    // 198 MB of `{},` deflate to 200 kB; 2 MB of stored noise keep the zip under 100:1.
    finding: 'R3-1 198 MB dayframe.json in a 2 MB zip',
    outcome: 'refused',
    build: () =>
      repeatingZip(
        {
          name: 'dayframe.json',
          head: DAYFRAME_HEAD,
          block: '{},',
          times: 66_000_000,
          tail: '{}]}',
        },
        2_100_000,
      ),
    type: 'application/zip',
    status: 413,
    code: 'json_too_large',
    message: jsonTooLarge('dayframe.json'),
    deadlineMs: 30_000,
  },
  {
    finding: 'R3-1 50 MB JSON body',
    outcome: 'refused',
    build: () => filled(DAYFRAME_HEAD, '{},', '{}]}', IMPORT_LIMITS.uploadBytes),
    type: 'application/json',
    status: 413,
    code: 'json_too_large',
    message: jsonTooLarge('the uploaded JSON'),
    deadlineMs: 30_000,
  },
  {
    finding: 'R3-1 a million entries in a 47 MB zip',
    outcome: 'refused',
    build: () => manyEntriesZip(1_000_000),
    type: 'application/zip',
    status: 413,
    code: 'too_many_files',
    message: ARCHIVE_MESSAGES.tooManyFiles,
    deadlineMs: 30_000,
  },
  {
    finding: 'R3-2 200 MB Day One file in a zip',
    outcome: 'refused',
    build: () =>
      repeatingZip(
        {
          name: 'Journal.json',
          head: '{"metadata":{"version":"1.0"},"entries":[',
          block:
            '{"uuid":"0F3C9A1E5B7D4C2A8E6F1B3D5A7C9E0F","creationDate":"2026-01-01T12:00:00Z","timeZone":"Europe/Paris","text":"A day\\nlike another"},',
          times: 1_400_000,
          tail: '{"creationDate":"2026-01-01T12:00:00Z","text":"The end"}]}',
        },
        2_100_000,
      ),
    type: 'application/zip',
    status: 413,
    code: 'json_too_large',
    message: jsonTooLarge('Journal.json'),
    deadlineMs: 30_000,
  },
  {
    // 7 million empty objects: parsed whole, about 450 MB of heap. Measured in the worker first.
    finding: 'R3-1 20 MB of {},{},… or of nested arrays, measured in the import worker',
    outcome: 'refused',
    build: () => filled(DAYFRAME_HEAD, '{},', '{}]}', IMPORT_LIMITS.jsonBytes),
    type: 'application/json',
    status: 413,
    code: 'import_too_complex',
    message: tooComplex,
    deadlineMs: 30_000,
  },
  {
    // Ten million levels of arrays.
    finding: 'R3-1 20 MB of {},{},… or of nested arrays, measured in the import worker',
    outcome: 'refused',
    build: () => {
      const bytes = Buffer.alloc(IMPORT_LIMITS.jsonBytes, '[');
      return bytes.fill(']', IMPORT_LIMITS.jsonBytes / 2);
    },
    type: 'application/json',
    status: 413,
    code: 'import_too_complex',
    message: tooComplex,
    deadlineMs: 30_000,
  },
  {
    // An export of 99,000 entries held two bytes a character, its last entry incomplete: parsed
    // and checked whole (seconds) in the worker, then refused; the event loop answers meanwhile.
    finding: 'R3-1 a 20 MB export parsed and checked off the event loop',
    outcome: 'survived',
    build: () =>
      filled(
        `${DAYFRAME_HEAD}{"title":"J","entries":[`,
        `{"title":"Day","content":"${'a'.repeat(160)}日","date":"2026-01-01"},`,
        '{"title":"unfinished"}]}]}',
        IMPORT_LIMITS.jsonBytes,
      ),
    type: 'application/json',
    status: 400,
    code: 'invalid_archive',
    message: expect.stringMatching(/^the uploaded JSON, journal "J", entry \d+: /) as never,
    deadlineMs: 60_000,
    othersAnswered: 3,
  },
];

/**
 * Sends `hostile` as `token`'s user while `otherToken`'s user keeps asking, and checks the
 * answer, its deadline, the others' answers, readiness, memory, and that nothing was written.
 * Records the finding.
 */
export async function survivesHostileUpload(
  target: ImportTarget,
  hostile: HostileUpload,
  token: string,
  otherToken: string,
) {
  await finding(hostile.finding, hostile.outcome, async () => {
    let body: Buffer | null = hostile.build();
    const sent = body.length;
    const run = await whileOthersAsk(target, otherToken, () =>
      importOf(target, token, body!, hostile.type, hostile.deadlineMs),
    );
    body = null; // the test process keeps none of it
    const summary = `${hostile.finding} (${(sent / MB).toFixed(1)} MB sent; ready: ${target.readyz.join(', ')}): ${JSON.stringify({ ...run, result: { status: run.result.status, body: run.result.body } })}`;
    expect(run.result.status, summary).toBe(hostile.status);
    expect(run.result.body, summary).toEqual({ message: hostile.message, code: hostile.code });
    expect(run.tookMs, summary).toBeLessThan(hostile.deadlineMs);
    expect(run.failures, summary).toEqual([]);
    expect(run.answered, summary).toBeGreaterThanOrEqual(hostile.othersAnswered ?? 1);
    expect(run.rssMb, summary).toBeLessThan(RSS_LIMIT_MB);
    expect(memoryOf(target.pid).peakMb, summary).toBeLessThan(RSS_LIMIT_MB);
    const written = await fetch(new URL('/api/journals', target.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await written.json()).toEqual([]);
    if (process.env.HOSTILE_IMPORTS_LOG) console.log(summary);
  });
}

/** An import whose body is still arriving: admitted (or refused), holding its slot until `abort()`. */
function heldUpload(target: ImportTarget, token: string) {
  let req: ClientRequest;
  let answered = false;
  const done = new Promise<void>((resolve) => {
    req = request(new URL('/api/import', target.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('error', () => resolve()); // aborted by the test
    req.on('close', () => resolve());
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('close', resolve);
    });
    req.write(DAYFRAME_HEAD); // chunked: the rest never comes
  });
  return { abort: () => req.destroy(), done, answered: () => answered };
}

type Ask = (token: string) => Promise<Upload>;

/**
 * An upload of `token`'s account that holds an import slot, and the 409 a second import of
 * that account got meanwhile. The held upload races whatever else asks for a slot: when it
 * lost (it was answered 409 or 503), it is sent again.
 */
async function slotHeldBy(ask: Ask, target: ImportTarget, token: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const held = heldUpload(target, token);
    await pause(100);
    while (!held.answered()) {
      const second = await ask(token);
      // A 409 while the held upload is unanswered: the held one is the import running.
      if (second.status === 409 && !held.answered()) return { held, second };
      await pause(100);
    }
    await held.done;
    if (Date.now() > deadline) throw new Error('no upload held an import slot');
  }
}

/**
 * Waits until the target is settled after its start (every `/readyz` 200 three times in a
 * row) and its import worker is up (an import of `{}`, refused as not an export), so that the
 * cases measure the uploads, not a start.
 */
export async function settled(target: ImportTarget, token: string): Promise<void> {
  let inARow = 0;
  await eventually(async () => {
    const answers = await Promise.all(target.readyz.map((url) => fetch(url)));
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    inARow = answers.every((r) => r.status === 200) ? inARow + 1 : 0;
    return inARow >= 3 ? true : undefined;
  }, 'ready three times in a row');
  expect((await importOf(target, token, '{}')).status).toBe(400);
}

/** Polls `attempt` until it answers something, for up to 15 s. */
async function eventually<T>(attempt: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await attempt();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await pause(100);
  }
}

/**
 * One import per account (409 `import_in_progress` for the second) and two per process (503
 * `import_busy` with `Retry-After` for the third); an upload aborted midway frees its slot.
 * `tokens` are three accounts'. Records the finding.
 */
export async function admitsImportsOneByOne(
  target: ImportTarget,
  tokens: [string, string, string],
) {
  const [a, b, c] = tokens;
  // `{}` is admitted and read, then refused as not an export: a quick way to ask for a slot.
  const ask: Ask = (token) => importOf(target, token, '{}');
  await finding('R3-1 imports one per account and two per process', 'refused', async () => {
    const first = await slotHeldBy(ask, target, a);
    expect(first.second.body).toEqual({
      message: ARCHIVE_MESSAGES.importInProgress,
      code: 'import_in_progress',
    });
    const other = await slotHeldBy(ask, target, b);
    // Two imports run: a third account's is turned away, told when to come back.
    const third = await ask(c);
    expect(third.status).toBe(503);
    expect(third.body).toEqual({ message: ARCHIVE_MESSAGES.importBusy, code: 'import_busy' });
    expect(third.headers.get('retry-after')).toBe('30');
    // The uploads abandoned midway give their slots back: both accounts are admitted again.
    first.held.abort();
    other.held.abort();
    await Promise.all([first.held.done, other.held.done]);
    expect(first.held.answered() || other.held.answered()).toBe(false);
    for (const token of [c, a])
      await eventually(async () => {
        const answer = await ask(token);
        return answer.status === 400 ? answer : undefined;
      }, 'admitted again after the aborted uploads');
  });
}
