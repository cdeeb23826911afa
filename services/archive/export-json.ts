import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ExportReader } from './export-reader.ts';

// `dayframe.json` written as the pages arrive, yet byte for byte what
// `JSON.stringify(whole, null, 2)` would give: every fixed part is stringified with a hole
// where a list goes, and each list's items are stringified one by one at their depth.

const pad = (depth: number) => ' '.repeat(2 * depth);

/** `value` pretty-printed as it appears at `depth` (its first line unindented). */
const pretty = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${pad(depth)}`);

/** `value` at `depth`, cut at its `HOLE` values: the text around each streamed list. */
function around(value: object, depth: number, hole: string): string[] {
  return pretty(value, depth).split(JSON.stringify(hole));
}

/** A list at `depth` whose items arrive in pages. */
async function* list(pages: AsyncIterable<unknown[]>, depth: number): AsyncGenerator<string> {
  let empty = true;
  for await (const page of pages) {
    const items = page.map((item) => `\n${pad(depth + 1)}${pretty(item, depth + 1)}`);
    yield (empty ? '[' : ',') + items.join(',');
    empty = false;
  }
  yield empty ? '[]' : `\n${pad(depth)}]`;
}

/** `dayframe.json`, a few KB at a time. */
export async function* dayframeJson(reader: ExportReader): AsyncGenerator<string> {
  // A random hole can never be a title someone wrote.
  const hole = `\u0000${randomUUID()}`;
  const [head, middle, tail] = around(
    {
      format: 'dayframe-export',
      version: 2,
      exportedAt: reader.exportedAt,
      // Read for information only; an import ignores it (decision 0052).
      account: { signIn: reader.signIn },
      journals: hole,
      goals: hole,
      // The files are listed here; the zip carries them under media/, `?format=json` does not
      // (a JSON export is text: its entries keep their `media:<id>` references, unresolved).
      media: reader.media,
    },
    0,
    hole,
  );
  yield head!;
  yield* journalsList(reader, hole);
  yield middle!;
  yield* list(reader.goals(), 1);
  yield tail!;
}

/** The journals list at depth 1, each journal's entries streamed inside it. */
async function* journalsList(reader: ExportReader, hole: string): AsyncGenerator<string> {
  if (!reader.journals.length) {
    yield '[]';
    return;
  }
  for (const [i, journal] of reader.journals.entries()) {
    const [head, tail] = around({ ...journal, entries: hole }, 2, hole);
    yield `${i ? ',' : '['}\n${pad(2)}${head!}`;
    yield* list(reader.entries(journal._id), 3);
    yield tail!;
  }
  yield `\n${pad(1)}]`;
}

/** Text chunks as a byte stream (for a response body or a zip entry). */
export function textStream(chunks: AsyncIterable<string> | string[]): Readable {
  // A text in hand (one Markdown file) skips the async generator: thousands of files per export.
  if (Array.isArray(chunks)) return Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
  // One chunk ahead at most: a chunk can be a whole page of entries (~0.5 MB), and the default
  // of 16 would hold sixteen of them whenever the download is slower than the database.
  return Readable.from(
    (async function* () {
      for await (const chunk of chunks) yield Buffer.from(chunk);
    })(),
    { highWaterMark: 1 },
  );
}
