import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Tiny files of every accepted kind, made here: images by sharp, the rest by their first bytes
// (what the type is read from), so no binary file is kept in git.

const blank = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });

const padded = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.alloc(512)]);

function ebml(docType: string): Buffer {
  const doc = Buffer.from(docType);
  return padded(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | doc.length]), doc);
}

/** Each accepted kind: the bytes to upload and the type it is kept and served as. */
export async function acceptedFiles(): Promise<{ name: string; bytes: Buffer; type: string }[]> {
  return [
    { name: 'photo.jpg', bytes: await blank().jpeg().toBuffer(), type: 'image/jpeg' },
    { name: 'image.png', bytes: await blank().png().toBuffer(), type: 'image/png' },
    { name: 'image.webp', bytes: await blank().webp().toBuffer(), type: 'image/webp' },
    { name: 'image.gif', bytes: await blank().gif().toBuffer(), type: 'image/gif' },
    { name: 'image.avif', bytes: await blank().avif().toBuffer(), type: 'image/avif' },
    {
      name: 'voice.mp3',
      bytes: padded(Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64])),
      type: 'audio/mpeg',
    },
    {
      name: 'voice.m4a',
      bytes: padded(Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A isom')),
      type: 'audio/mp4',
    },
    {
      name: 'voice.ogg',
      bytes: padded(
        Buffer.from('OggS'),
        Buffer.from([0, 2]),
        Buffer.alloc(20),
        Buffer.from([1, 0x1e]),
        Buffer.from('\x01vorbis'),
      ),
      type: 'audio/ogg',
    },
    { name: 'voice.webm', bytes: ebml('webm'), type: 'audio/webm' },
    {
      name: 'scan.pdf',
      bytes: padded(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')),
      type: 'application/pdf',
    },
  ];
}

/** A JPEG as a phone writes it: taken on 17 May 2024, with where (GPS) and the camera's make. */
export function photoWithGps(): Promise<Buffer> {
  return blank()
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD2: { DateTimeOriginal: '2024:05:17 23:30:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

/** A 40 × 30 JPEG the camera says to turn a quarter (EXIF orientation 6): upright, 30 × 40. */
export function sidewaysPhoto(): Promise<Buffer> {
  return blank().jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

/**
 * A 2000 × 1500 photo as a phone writes it, turned a quarter (EXIF orientation 6) and saying
 * where it was taken: upright it is 1500 × 2000, larger than either of the sizes made of it.
 */
export function bigSidewaysPhoto(): Promise<Buffer> {
  return blank(2000, 1500)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A decompression bomb: a PNG whose header says 100,000 × 100,000 pixels (ten billion, 30 GB
 * decoded) in a few dozen bytes.
 */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
