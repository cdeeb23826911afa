import type { Readable } from 'node:stream';

/** A byte range of a stored file, both ends included (as HTTP's `Range: bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/**
 * Where the media service keeps its files: the local file system or an S3-compatible bucket,
 * chosen once from the configuration (`mediaStorageFrom`). Keys are `<user id>/<name>`; a key
 * that is not of that shape is refused, so no caller can reach outside the store.
 */
export type MediaStorage = {
  /** Writes the stream under `key` as it arrives; a failed or aborted stream leaves nothing. */
  put(key: string, body: Readable): Promise<void>;
  /** The file (or `range` of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The file's length in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  close(): Promise<void>;
};

const KEY = /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** Refuses a key that could name anything but one file of one account's folder. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not a media storage key: ${key}`);
  return key;
}
