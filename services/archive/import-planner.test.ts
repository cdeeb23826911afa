import { afterAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { HttpError, silentLogger } from '@dayframe/service-kit/http';
import { IMPORT_WORKER_LIMITS, importPlanner, type ImportPlanner } from './import-planner.ts';
import { planImport } from './import-plan.ts';
import { readUpload } from './read-upload.ts';
import { zipOf } from './_zips.ts';

const planners: ImportPlanner[] = [];
afterAll(() => Promise.all(planners.map((planner) => planner.close())));
function planner(limits: Parameters<typeof importPlanner>[1] = {}) {
  const made = importPlanner(silentLogger(), limits);
  planners.push(made);
  return made;
}

/** A Dayframe export of `count` entries in one journal, each `content` long. */
function dayframe(count: number, content: (i: number) => string): Buffer {
  const entries = Array.from({ length: count }, (_, i) => ({
    title: `Day ${i}`,
    content: content(i),
    date: '2026-01-01',
  }));
  return Buffer.from(
    JSON.stringify({ format: 'dayframe-export', version: 1, journals: [{ title: 'J', entries }] }),
  );
}

const dayOne = (entries: object[]) => JSON.stringify({ metadata: { version: '1.0' }, entries });

async function refusalOf(planning: Promise<unknown>): Promise<HttpError> {
  const error = await planning.then(
    () => new Error('planned'),
    (e: unknown) => e,
  );
  if (error instanceof HttpError) return error;
  throw error;
}

const readTooCostly = {
  status: 413,
  code: 'import_too_complex',
  message: ARCHIVE_MESSAGES.readTooCostly,
};

describe('planning an import in a worker thread', () => {
  it('gives 192 MB of heap and 60 s to a plan, and keeps a worker 30 s for the next', () => {
    expect(IMPORT_WORKER_LIMITS).toEqual({
      heapMb: 192,
      youngMb: 16,
      stackMb: 4,
      deadlineMs: 60_000,
      idleMs: 30_000,
    });
  });

  it('plans what planImport plans in the caller; refusals come back as the same HttpError', async () => {
    const plans = planner();
    const zip = await zipOf({
      'Travel.json': dayOne([
        {
          uuid: 'A',
          creationDate: '2026-04-01T03:30:00Z',
          timeZone: 'Asia/Tokyo',
          text: 'Hi\nthere',
        },
      ]),
      'photos/a.jpeg': Buffer.from([0xff, 0xd8]),
    });
    for (const bytes of [zip, dayframe(3, (i) => `entry ${i}`)]) {
      const inline = planImport(await readUpload(bytes, 'x.json'));
      expect(await plans.plan(await readUpload(bytes, 'x.json'))).toEqual(inline);
    }
    const deep = Buffer.from(`${'['.repeat(100)}${']'.repeat(100)}`);
    expect(await refusalOf(plans.plan(await readUpload(deep, 'deep.json')))).toMatchObject({
      status: 413,
      code: 'import_too_complex',
      message: `deep.json: ${ARCHIVE_MESSAGES.tooComplex}`,
    });
    const invalid = Buffer.from('{"format":"dayframe-export","version":1,"journals":[{}]}');
    expect(await refusalOf(plans.plan(await readUpload(invalid, 'bad.json')))).toMatchObject({
      status: 400,
      code: 'invalid_archive',
    });
    // The worker that refused is the one that plans next.
    expect(
      await plans.plan(
        await readUpload(
          dayframe(1, () => 'c'),
          'x.json',
        ),
      ),
    ).toMatchObject({
      journals: { journals: [{ entries: [{ content: 'c' }] }] },
    });
  });

  it('stops a worker that runs out of memory or time, answers 413, and plans the next import afresh', async () => {
    // 100,000 entries in 12 MB need about 100 MB to parse and check; the worker gets 24.
    const file = () => dayframe(100_000, (i) => `entry ${i} `.repeat(5));
    const small = planner({ heapMb: 24, youngMb: 4 });
    expect(await refusalOf(small.plan(await readUpload(file(), 'x.json')))).toMatchObject(
      readTooCostly,
    );
    expect(
      await small.plan(
        await readUpload(
          dayframe(2, () => 'c'),
          'x.json',
        ),
      ),
    ).toMatchObject({
      journals: { journals: [{ entries: [{}, {}] }] },
    });
    const hurried = planner({ deadlineMs: 50 });
    expect(await refusalOf(hurried.plan(await readUpload(file(), 'x.json')))).toMatchObject(
      readTooCostly,
    );
  }, 60_000);

  it('plans the largest file allowed (20 MB, 99,000 entries, two bytes a character) while the event loop turns', async () => {
    // A text with one character past Latin-1 is held two bytes a character, ASCII too: the
    // most heap a 20 MB file can need.
    const bytes = dayframe(99_000, (i) => `${'a'.repeat(128)}日${i}`);
    expect(bytes.length).toBeLessThanOrEqual(IMPORT_LIMITS.jsonBytes);
    expect(bytes.length).toBeGreaterThan(IMPORT_LIMITS.jsonBytes * 0.9);
    const plans = planner();
    // Parsing and checking take seconds, in the worker: this thread's timers keep firing.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const plan = await plans.plan(await readUpload(bytes, 'x.json'));
    clearInterval(timer);
    expect(plan.journals.journals[0]!.entries).toHaveLength(99_000);
    expect(ticks).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it('refuses (413 import_too_large) an upload whose part would be sent larger than journals accepts', async () => {
    // A Day One entry of one line is its title and its content: the part outgrows the file.
    const line = '日'.repeat(200);
    const entries = Array.from({ length: 30_000 }, (_, i) => ({
      creationDate: '2026-01-01T12:00:00Z',
      text: `${line.slice(0, 190)}${i}`,
    }));
    const bytes = Buffer.from(dayOne(entries));
    expect(bytes.length).toBeLessThan(IMPORT_LIMITS.jsonBytes);
    expect(
      await refusalOf(planner().plan(await readUpload(bytes, 'Notes.json'), 'Notes')),
    ).toMatchObject({
      status: 413,
      code: 'import_too_large',
      message: ARCHIVE_MESSAGES.partTooLarge,
    });
  }, 60_000);
});
