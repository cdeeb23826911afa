import type { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp } from 'sharp';
import exifr from 'exifr';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaType } from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';

export type ServedImage = {
  /** What is served: the image turned upright and re-encoded without EXIF, XMP or GPS. */
  output: Readable;
  width: number;
  height: number;
  takenAt: string | null;
};

/**
 * Reads an uploaded image's size and EXIF, then makes what is served from it: turned upright by
 * its orientation and re-encoded in its own format, which drops EXIF (GPS among it), XMP and
 * comments. An image of more than `MEDIA_LIMITS.imagePixels` (a decompression bomb: a 100,000 ×
 * 100,000 PNG is a few kilobytes) is refused from its header, before a pixel is decoded, and
 * libvips is held to the same limit in case a header lies.
 */
export async function serveableImage(input: Readable, type: MediaType): Promise<ServedImage> {
  const animated = type === 'image/gif' || type === 'image/webp';
  const image = sharp({ limitInputPixels: MEDIA_LIMITS.imagePixels, animated });
  input.on('error', (error) => image.destroy(error));
  input.pipe(image);
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (error) {
    // libvips checks limitInputPixels against the header too.
    if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels();
    throw unreadableImage();
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) throw unreadableImage();
  if (width * height > MEDIA_LIMITS.imagePixels) throw tooManyPixels();
  const turned = (meta.orientation ?? 1) >= 5;
  const upright = (meta.orientation ?? 1) > 1 ? image.rotate() : image;
  return {
    output: encodeAs(upright, type),
    width: turned ? height : width,
    height: turned ? width : height,
    takenAt: await takenOn(meta.exif),
  };
}

function encodeAs(image: Sharp, type: MediaType): Sharp {
  switch (type) {
    case 'image/jpeg':
      // Without Huffman optimisation libjpeg writes as it reads, a strip at a time; with it, it
      // holds the whole photo's coefficients for a second pass: 110 MB more for a 10 MB photo,
      // against files about a tenth larger (bench/media.bench.ts).
      return image.jpeg({ quality: 90, optimiseCoding: false });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 90 });
    case 'image/gif':
      return image.gif();
    default:
      // AVIF encodes slowly; effort 2 keeps a large photo within seconds.
      return image.avif({ quality: 60, effort: 2 });
  }
}

/** The day the photo was taken, `YYYY-MM-DD`, from EXIF's own date (the camera's local day). */
async function takenOn(exif: Buffer | undefined): Promise<string | null> {
  if (!exif) return null;
  // sharp hands the EXIF block with its `Exif\0\0` marker; exifr reads the TIFF data after it.
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  try {
    const tags = (await exifr.parse(tiff, {
      pick: ['DateTimeOriginal', 'CreateDate'],
      reviveValues: false,
    })) as { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    const raw = tags?.DateTimeOriginal ?? tags?.CreateDate;
    if (typeof raw !== 'string') return null;
    const day = raw.slice(0, 10).replaceAll(':', '-');
    return /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(day) && day >= '1800' ? day : null;
  } catch {
    return null; // a broken EXIF block costs the date, not the upload
  }
}

function tooManyPixels(): HttpError {
  return new HttpError(422, MEDIA_MESSAGES.imageTooLarge, 'image_too_large');
}

export function unreadableImage(): HttpError {
  return new HttpError(422, MEDIA_MESSAGES.unreadableImage, 'unreadable_image');
}
