// Test-only zips: as any zip tool writes them (`zipOf`, with yazl), and the hostile ones of
// issue 24 built in well under a second and without holding what they unpack to: a file of
// hundreds of megabytes of one repeated pattern (`repeatingZip`), and a zip whose central
// directory lists a million entries (`manyEntriesZip`).
import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A zip of the given files (built the way any zip tool would). */
export async function zipOf(
  files: Record<string, string | Buffer>,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name, {
      compress: options.compress ?? true,
    });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A file of `head`, then `block` `times` over, then `tail`, as unpacked. */
export type RepeatingFile = {
  name: string;
  head: string;
  block: string;
  times: number;
  tail: string;
};

type Member = {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  /** The file's bytes as stored in the zip (deflated or not), in pieces. */
  stored: Buffer[];
};

/** Deflated on its own and flushed whole, so deflated pieces can follow one another. */
const deflatePiece = (bytes: Buffer, last: boolean) =>
  deflateRawSync(bytes, last ? {} : { finishFlush: constants.Z_FULL_FLUSH });

function repeatingMember(file: RepeatingFile): Member {
  const head = Buffer.from(file.head);
  const tail = Buffer.from(file.tail);
  // A block of about 1 MB, deflated once and repeated: the stream is valid (each piece starts
  // afresh, with no reference to an earlier one) and building it costs one block's deflate.
  const unit = Buffer.from(file.block);
  const perBlock = Math.max(1, Math.floor((1 << 20) / unit.length));
  const block = Buffer.alloc(unit.length * perBlock, unit);
  const blocks = Math.floor(file.times / perBlock);
  const rest = Buffer.alloc(unit.length * (file.times % perBlock), unit);
  const deflatedBlock = deflatePiece(block, false);
  let crc = crc32(head);
  for (let i = 0; i < blocks; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc32(rest, crc));
  return {
    name: Buffer.from(file.name),
    method: 8,
    crc,
    size: head.length + block.length * blocks + rest.length + tail.length,
    stored: [
      deflatePiece(head, false),
      ...Array.from({ length: blocks }, () => deflatedBlock),
      deflatePiece(Buffer.concat([rest, tail]), true),
    ],
  };
}

function storedMember(name: string, bytes: Buffer): Member {
  return {
    name: Buffer.from(name),
    method: 0,
    crc: crc32(bytes),
    size: bytes.length,
    stored: [bytes],
  };
}

/** A zip (no ZIP64: every size under 4 GB) of the given members. */
function writeZip(members: Member[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const compressed = m.stored.reduce((sum, piece) => sum + piece.length, 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(m.method, 8);
    local.writeUInt32LE(m.crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(m.size, 22);
    local.writeUInt16LE(m.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(m.method, 10);
    central.writeUInt32LE(m.crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(m.size, 24);
    central.writeUInt16LE(m.name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, m.name, ...m.stored);
    directory.push(central, m.name);
    offset += local.length + m.name.length + compressed;
  }
  const directorySize = directory.reduce((sum, piece) => sum + piece.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

/**
 * A zip holding `file` (hundreds of megabytes unpacked, a few hundred kilobytes deflated) and,
 * when `padding` is given, that many random bytes stored beside it, as an attacker adds to
 * stay under a ratio check. Built in well under a second; nothing the size of the file is held.
 */
export function repeatingZip(file: RepeatingFile, padding = 0): Buffer {
  const members = [repeatingMember(file)];
  if (padding) members.push(storedMember('photos/padding.jpeg', randomBytes(padding)));
  return writeZip(members);
}

/**
 * A zip whose central directory lists `count` entries (ZIP64 end records, as more than 65,535
 * need): every entry is the same empty file `a`, whose one local header all of them point at.
 * A million take 47 MB and a few milliseconds.
 */
export function manyEntriesZip(count: number): Buffer {
  const local = Buffer.alloc(31);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(0, 14); // the CRC of nothing
  local.writeUInt16LE(1, 26);
  local.write('a', 30);
  const record = Buffer.alloc(47);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(45, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(1, 28);
  record.writeUInt32LE(0, 42); // the local header at the start
  record.write('a', 46);
  const directorySize = record.length * count;
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4); // the size of the rest of this record
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(directorySize), 40);
  zip64End.writeBigUInt64LE(BigInt(local.length), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(local.length + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  // One allocation, the directory filled by repeating its record (no copy of the whole).
  const zip = Buffer.allocUnsafe(local.length + directorySize + 98);
  local.copy(zip, 0);
  zip.fill(record, local.length, local.length + directorySize);
  Buffer.concat([zip64End, locator, end]).copy(zip, local.length + directorySize);
  return zip;
}
