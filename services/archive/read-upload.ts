import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_MESSAGES, IMPORT_LIMITS } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';

/** The files of an upload the import reads (JSON only; photos and Markdown are never opened). */
export type UploadedFiles = { kind: 'zip' | 'json'; files: Map<string, string> };

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/**
 * The uploaded bytes as named texts: a zip's `.json` files, or the JSON body itself under
 * `name`. Refuses (400, nothing read further) a body that is neither, a damaged zip, a zip
 * bomb (over 200 MB unpacked, or over 100 times the upload) and a path leaving the archive.
 */
export async function readUpload(bytes: Buffer, name: string): Promise<UploadedFiles> {
  if (isZip(bytes)) return { kind: 'zip', files: await readZip(bytes) };
  const text = bytes.toString('utf-8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[')
    throw badRequest(ARCHIVE_MESSAGES.notArchive, 'not_an_archive');
  return { kind: 'json', files: new Map([[name, text]]) };
}

function escapes(fileName: string): boolean {
  const path = fileName.replace(/\\/g, '/');
  return path.startsWith('/') || /^[a-z]:/i.test(path) || path.split('/').includes('..');
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

async function readZip(bytes: Buffer): Promise<Map<string, string>> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
  }
  // First the central directory alone: sizes and names are checked before anything is unpacked.
  const entries: Entry[] = [];
  let unpacked = 0;
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
    unpacked += entry.uncompressedSize;
  }
  if (
    unpacked > IMPORT_LIMITS.unpackedBytes ||
    unpacked > IMPORT_LIMITS.ratio * Math.max(bytes.length, 1)
  ) {
    zip.close();
    throw badRequest(ARCHIVE_MESSAGES.zipBomb, 'zip_bomb');
  }
  const files = new Map<string, string>();
  try {
    for (const entry of entries) {
      const fileName = (entry.fileName as unknown as Buffer).toString('utf-8').replace(/\\/g, '/');
      if (
        !fileName.toLowerCase().endsWith('.json') ||
        fileName.split('/').some((p) => p.startsWith('.') || p === '__MACOSX')
      )
        continue;
      files.set(fileName, (await readEntry(zip, entry)).toString('utf-8').replace(/^\uFEFF/, ''));
    }
  } catch {
    throw badRequest(ARCHIVE_MESSAGES.badZip, 'bad_zip');
  } finally {
    zip.close();
  }
  return files;
}
