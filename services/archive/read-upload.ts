import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { HttpError, badRequest } from '@dayframe/service-kit/http';

/**
 * The files of an upload the import reads (JSON), as bytes: each is measured
 * (`checkJsonShape`) before it is decoded and parsed. `others` names the zip's other files
 * (photos, Markdown), unopened: the plan picks the media it needs from them, which are read
 * one at a time from the zip later (zip-files.ts).
 */
export type UploadedFiles = { kind: 'zip' | 'json'; files: Map<string, Buffer>; others: string[] };

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** 413: one JSON file is past what the import parses (`IMPORT_LIMITS.jsonBytes`). */
const jsonTooLarge = (file: string) =>
  new HttpError(413, `${file}: ${ARCHIVE_MESSAGES.jsonTooLarge}`, 'json_too_large');

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The first character of a JSON text after a byte order mark and white space, if any. */
function firstCharacter(bytes: Buffer): string | undefined {
  let i = bytes.subarray(0, 3).equals(BOM) ? 3 : 0;
  while (i < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i]!)) i++;
  return i < bytes.length ? String.fromCharCode(bytes[i]!) : undefined;
}

/**
 * The uploaded bytes as named files: a zip's `.json` files, or the JSON body itself under
 * `name`. Refuses (400, nothing read further) a body that is neither, a damaged zip, a zip
 * bomb (over 200 MB unpacked, or over 100 times the upload) and a path leaving the archive;
 * refuses (413) a zip of over 10,000 files, a JSON file over 20 MB and JSON files over 32 MB
 * together, before anything is unpacked or parsed.
 */
export async function readUpload(bytes: Buffer, name: string): Promise<UploadedFiles> {
  if (isZip(bytes)) return { kind: 'zip', ...(await readZip(bytes)) };
  if (bytes.length > IMPORT_LIMITS.jsonBytes) throw jsonTooLarge(name);
  const first = firstCharacter(bytes);
  if (first !== '{' && first !== '[')
    throw badRequest(ARCHIVE_MESSAGES.notArchive, 'not_an_archive');
  return { kind: 'json', files: new Map([[name, bytes]]), others: [] };
}

function escapes(fileName: string): boolean {
  const path = fileName.replace(/\\/g, '/');
  return path.startsWith('/') || /^[a-z]:/i.test(path) || path.split('/').includes('..');
}

export function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );
}

/** Thrown by `readEntry` when an entry inflates past its limit (whatever it declared). */
class InflatedTooMuch extends Error {}

/** Hidden files and macOS metadata, never read. */
const isHidden = (fileName: string) =>
  fileName.split('/').some((p) => p.startsWith('.') || p === '__MACOSX');

/** A JSON file the import reads. */
function isReadJson(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.json') && !isHidden(fileName);
}

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // A declared size can lie: stop inflating as soon as the limit is passed.
        if (size > limit) {
          stream.destroy();
          return reject(new InflatedTooMuch());
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

async function readZip(bytes: Buffer): Promise<Omit<UploadedFiles, 'kind'>> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
  }
  // The count is in the end of central directory record: known before any entry is read.
  if (zip.entryCount > IMPORT_LIMITS.zipEntries) {
    zip.close();
    throw new HttpError(413, ARCHIVE_MESSAGES.tooManyFiles, 'too_many_files');
  }
  // First the central directory alone: sizes and names are checked before anything is unpacked.
  const entries: Entry[] = [];
  let unpacked = 0;
  let json = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch {
    zip.close();
    throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
  }
  for (const entry of entries) {
    const fileName = (entry.fileName as unknown as Buffer).toString('utf-8');
    if (escapes(fileName)) {
      zip.close();
      throw badRequest(`${ARCHIVE_MESSAGES.pathEscape}: ${fileName}`, 'path_escape');
    }
    // The declared size, before inflating (`readEntry` holds it to the limit while inflating).
    const path = fileName.replace(/\\/g, '/');
    if (isReadJson(path) && entry.uncompressedSize > IMPORT_LIMITS.jsonBytes) {
      zip.close();
      throw jsonTooLarge(path);
    }
    if (isReadJson(path)) json += entry.uncompressedSize;
    unpacked += entry.uncompressedSize;
  }
  if (
    unpacked > IMPORT_LIMITS.unpackedBytes ||
    unpacked > IMPORT_LIMITS.ratio * Math.max(bytes.length, 1)
  ) {
    zip.close();
    throw badRequest(ARCHIVE_MESSAGES.zipBomb, 'zip_bomb');
  }
  // All the JSON read is held at once (and becomes the import's parts): bounded as a whole too.
  // The declared sizes are what yauzl holds each entry to (`validateEntrySizes`).
  if (json > IMPORT_LIMITS.jsonTotalBytes) {
    zip.close();
    throw new HttpError(413, ARCHIVE_MESSAGES.jsonTotalTooLarge, 'import_too_large');
  }
  const files = new Map<string, Buffer>();
  const others: string[] = [];
  try {
    for (const entry of entries) {
      const fileName = (entry.fileName as unknown as Buffer).toString('utf-8').replace(/\\/g, '/');
      if (!isReadJson(fileName)) {
        if (!isHidden(fileName) && !fileName.endsWith('/')) others.push(fileName);
        continue;
      }
      const inflated = await readEntry(zip, entry, IMPORT_LIMITS.jsonBytes).catch((error) => {
        throw error instanceof InflatedTooMuch ? jsonTooLarge(fileName) : error;
      });
      files.set(fileName, inflated);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
  } finally {
    zip.close();
  }
  return { files, others };
}
