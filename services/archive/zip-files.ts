import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Entry, ZipFile } from 'yauzl';
import { openZip } from './read-upload.ts';

/** Thrown through a file's stream when it inflates past its limit (whatever it declared). */
export class FileTooLarge extends Error {}

/**
 * The files of an uploaded zip by name, each opened as a stream when asked for and held to
 * `limit` bytes as it inflates: the media an import stores, one at a time, never all in hand.
 * The upload's directory was checked already (readUpload); this reads it again, by name.
 */
export type ZipFiles = {
  open(path: string): Promise<Readable>;
  /** The bytes' sha256 and length, read through once. */
  measure(path: string): Promise<{ sha256: string; bytes: number }>;
  close(): void;
};

export async function zipFiles(bytes: Buffer, limit: number): Promise<ZipFiles> {
  const zip = await openZip(bytes);
  const entries = await new Promise<Map<string, Entry>>((resolve, reject) => {
    const found = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      const name = (entry.fileName as unknown as Buffer).toString('utf-8').replace(/\\/g, '/');
      found.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', reject);
    zip.readEntry();
  });
  const open = (path: string) =>
    new Promise<Readable>((resolve, reject) => {
      const entry = entries.get(path);
      if (!entry) return reject(new Error(`${path} is not in the zip`));
      (zip as ZipFile).openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const held = heldTo(limit);
        stream.on('error', (failure) => held.destroy(failure));
        held.on('close', () => stream.destroy());
        resolve(stream.pipe(held));
      });
    });
  return {
    open,
    async measure(path) {
      const hash = createHash('sha256');
      let length = 0;
      await pipeline(await open(path), async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          hash.update(chunk);
          length += chunk.length;
        }
      });
      return { sha256: hash.digest('hex'), bytes: length };
    },
    close() {
      if (zip.isOpen) zip.close();
    },
  };
}

/** Passes bytes on until `limit`, then fails with FileTooLarge. */
function heldTo(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new FileTooLarge() : null, chunk);
    },
  });
}
