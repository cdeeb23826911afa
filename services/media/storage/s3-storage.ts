import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type MediaStorage } from './media-storage.ts';

export type S3Settings = {
  bucket: string;
  /** MinIO's, Garage's or another store's URL; none for AWS itself. */
  endpoint?: string;
  region: string;
  /** Tests pass credentials; otherwise the SDK reads the standard AWS variables and files. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * Files in an S3-compatible bucket. Path-style addressing (`endpoint/bucket/key`), which MinIO,
 * Garage and AWS all answer, so no store needs a wildcard DNS name. An upload of unknown length
 * goes up in parts of 5 MB (the SDK's `Upload`), so no more than a part is held at once; one that
 * fails is aborted by the SDK and leaves no object.
 */
export function s3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  return {
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: body },
        queueSize: 1,
        leavePartsOnError: false,
      });
      // A source stream that fails (an upload refused half-way) stops the upload too.
      const failed = new Promise<never>((_, reject) =>
        body.once('error', (error) => {
          void upload.abort().catch(() => undefined);
          reject(error);
        }),
      );
      await Promise.race([upload.done(), failed]);
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range && `bytes=${range.start}-${range.end}`,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
