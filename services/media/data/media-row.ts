/** A stored file as the service reads it back (one mapper for the `media` table). */
export type StoredMedia = {
  seq: number;
  id: string;
  userId: string;
  contentType: string;
  bytes: number;
  servedBytes: number;
  width: number | null;
  height: number | null;
  takenAt: string | null;
  hasOriginal: boolean;
  contentHash: string;
  createdAt: string;
  /** The thumbnail's and the display size's lengths, once the sizes job has made them. */
  thumbBytes: number | null;
  displayBytes: number | null;
};

export type MediaRow = {
  seq: number;
  id: string;
  user_id: string;
  content_type: string;
  bytes: number | string;
  served_bytes: number | string;
  width: number | null;
  height: number | null;
  taken_at: string | null;
  has_original: number | boolean;
  content_hash: string;
  created_at: string;
  thumb_bytes: number | string | null;
  display_bytes: number | string | null;
};

export const MEDIA_COLUMNS = [
  'seq',
  'id',
  'user_id',
  'content_type',
  'bytes',
  'served_bytes',
  'width',
  'height',
  'taken_at',
  'has_original',
  'content_hash',
  'created_at',
  'thumb_bytes',
  'display_bytes',
];

/** MySQL answers a BIGINT as a string and a BOOLEAN as 0/1: both are numbers and booleans here. */
export function toStoredMedia(row: MediaRow): StoredMedia {
  return {
    seq: Number(row.seq),
    id: row.id,
    userId: row.user_id,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    servedBytes: Number(row.served_bytes),
    width: row.width,
    height: row.height,
    takenAt: row.taken_at,
    hasOriginal: Boolean(row.has_original),
    contentHash: row.content_hash,
    createdAt: row.created_at,
    thumbBytes: row.thumb_bytes === null ? null : Number(row.thumb_bytes),
    displayBytes: row.display_bytes === null ? null : Number(row.display_bytes),
  };
}

export function toMediaRow(media: Omit<StoredMedia, 'seq'>): Omit<MediaRow, 'seq'> {
  return {
    id: media.id,
    user_id: media.userId,
    content_type: media.contentType,
    bytes: media.bytes,
    served_bytes: media.servedBytes,
    width: media.width,
    height: media.height,
    taken_at: media.takenAt,
    has_original: media.hasOriginal,
    content_hash: media.contentHash,
    created_at: media.createdAt,
    thumb_bytes: media.thumbBytes,
    display_bytes: media.displayBytes,
  };
}
