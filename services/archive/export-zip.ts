import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DayframeExport } from '@dayframe/contracts';
import { exportFiles } from './export-files.ts';

/**
 * The export as a zip stream: `dayframe.json`, one Markdown file per entry, `goals.md`. Each
 * file is handed to the writer lazily, so only the file being compressed is open at a time
 * (`addBuffer` would start deflating all of them at once: hundreds of MB for ten years of
 * entries). The account's data itself is held once while the download drains.
 */
export function exportZip(data: DayframeExport): NodeJS.ReadableStream {
  const zip = new ZipFile();
  const mtime = new Date(data.exportedAt);
  const add = (path: string, text: () => string) =>
    zip.addReadStreamLazy(path, { mtime }, (done) =>
      done(null, Readable.from([Buffer.from(text())])),
    );
  add('dayframe.json', () => JSON.stringify(data, null, 2));
  for (const file of exportFiles(data)) add(file.path, () => file.text);
  zip.end();
  return zip.outputStream;
}
