import type { Knex } from '@dayframe/service-kit/db';
import type { TagList } from '@dayframe/contracts';
import {
  ENTRY_COLUMNS,
  entryHash,
  readEntriesPage,
  type EntriesPage,
  type EntryPosition,
} from './entry-repo.ts';
import { storedTags, writeEntryTags } from './entry-meta.ts';
import { writeEntryMedia } from './entry-media.ts';

/** The most tags `GET /api/tags` lists (the most used); far past what anyone tags by hand. */
export const TAG_LIST_MAX = 1_000;

/** The user's tags with how many entries carry each, most used first, then by name. */
export async function countTags(db: Knex, userId: string): Promise<TagList> {
  const rows = (await db('entry_tags')
    .select('tag')
    .count({ n: '*' })
    .where('user_id', userId)
    .groupBy('tag')
    .orderBy([
      { column: 'n', order: 'desc' },
      { column: 'tag', order: 'asc' },
    ])
    .limit(TAG_LIST_MAX)) as { tag: string; n: number | string }[];
  return rows.map((row) => ({ tag: row.tag, count: Number(row.n) }));
}

/** A page of the user's entries with `tag`, latest first: a keyset range on `entry_tags_key`. */
export function findTagPage(
  db: Knex,
  userId: string,
  tag: string,
  limit: number,
  after?: EntryPosition,
): Promise<EntriesPage> {
  return readEntriesPage(
    db('entry_tags as et')
      .join('entries as e', 'e.id', 'et.entry_id')
      .select([...ENTRY_COLUMNS.map((column) => `e.${column}`), 'et.entry_seq as seq'])
      .where({ 'et.user_id': userId, 'et.tag': tag }),
    { date: 'et.date', seq: 'et.entry_seq' },
    limit,
    after,
  );
}

/** An entry carrying a tag, as a rename or delete rewrites it. */
export type TaggedEntry = { id: string; title: string; content: string; tags: string[] };

/** Every entry of the user with `tag` (for a rename or delete, in its transaction). */
export async function findTaggedEntries(
  trx: Knex,
  userId: string,
  tag: string,
): Promise<TaggedEntry[]> {
  const rows: { id: string; title: string; content: string; tags: string }[] = await trx(
    'entry_tags as et',
  )
    .join('entries as e', 'e.id', 'et.entry_id')
    .select('e.id', 'e.title', 'e.content', 'e.tags')
    .where({ 'et.user_id': userId, 'et.tag': tag });
  return rows.map((row) => ({ ...row, tags: storedTags(row.tags) }));
}

/** Writes an entry's new tags, and its text when that changed (then as the user's own writing). */
export async function rewriteTaggedEntry(
  trx: Knex,
  userId: string,
  entry: TaggedEntry,
  changed: { title: string; content: string; tags: string[] },
): Promise<void> {
  const columns: Record<string, unknown> = { tags: changed.tags.join(' ') };
  const textChanged = changed.title !== entry.title || changed.content !== entry.content;
  if (textChanged)
    Object.assign(columns, {
      title: changed.title,
      content: changed.content,
      content_hash: entryHash(changed),
      imported: null,
    });
  await trx('entries').where({ id: entry.id, user_id: userId }).update(columns);
  await writeEntryTags(trx, userId, entry.id, changed.tags);
  if (textChanged) await writeEntryMedia(trx, userId, [entry.id]);
}
