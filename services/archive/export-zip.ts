import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { dayframeJson, textStream } from './export-json.ts';
import { entryFiles, goalsMarkdown } from './export-files.ts';
import type { ExportedMedia, ExportReader } from './export-reader.ts';

/**
 * Deflate levels. Level 1 for the thousands of small Markdown files: at about 1 KB they
 * compress as well at 1 as at 6 (1.03 vs 1.01 MB for the ten-year user) and never more slowly;
 * storing them is no faster (three times the bytes to write). What each file costs is yazl's
 * stream per file, not the level (bench/RESULTS.md, figure 8). `dayframe.json` keeps 6.
 */
const SMALL_FILE_LEVEL = 1;
const LARGE_FILE_LEVEL = 6;

/**
 * The export as a zip stream, written as the owners' pages arrive: `dayframe.json` (one walk
 * over everything), one Markdown file per entry (a second walk over the entries), `goals.md`,
 * then each file of the account as uploaded (`media/<id>.<ext>`).
 * The writer is fed a page of files only once it has started on the page before, and the
 * download's back-pressure holds the writer, so at most two pages are in memory at once.
 */
export function exportZip(reader: ExportReader): NodeJS.ReadableStream {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = new Date(reader.exportedAt);
  // Answers once the writer has opened this file, i.e. finished every file before it.
  const add = (
    path: string,
    chunks: () => AsyncIterable<string> | string[],
    compressionLevel = SMALL_FILE_LEVEL,
  ) =>
    new Promise<void>((started) => {
      // yazl keeps this callback for the whole zip: let go of the text once it is read, or
      // every Markdown file of the account would stay in memory until the end.
      let content: typeof chunks | null = chunks;
      zip.addReadStreamLazy(path, { mtime, compressionLevel }, (done) => {
        started();
        const stream = textStream(content!());
        content = null;
        stream.on('error', (error) => output.destroy(error));
        done(null, stream);
      });
    });

  // A file is stored, not deflated: photos, audio and PDFs are compressed already. It is opened
  // only when the writer gets to it, so one file at a time is being read, streamed through.
  const addMedia = (item: ExportedMedia) =>
    new Promise<void>((started) => {
      zip.addReadStreamLazy(item.file, { mtime, compress: false }, (done) => {
        started();
        reader.openMedia(item.id).then(
          (stream) => {
            stream.on('error', (error) => output.destroy(error));
            done(null, stream);
          },
          (error: unknown) => output.destroy(error as Error),
        );
      });
    });

  void add('dayframe.json', () => dayframeJson(reader), LARGE_FILE_LEVEL);
  (async () => {
    let pageBefore: Promise<unknown> = Promise.resolve();
    for await (const files of entryFiles(reader)) {
      await pageBefore;
      if (output.destroyed) return; // the download was abandoned
      pageBefore = Promise.all(files.map((file) => add(file.path, () => [file.text])));
    }
    void add('goals.md', () => goalsMarkdown(reader.goals()));
    for (const item of reader.media) {
      if (output.destroyed) return;
      await addMedia(item);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
