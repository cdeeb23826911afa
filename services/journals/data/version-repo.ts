import { randomUUID } from 'node:crypto';
import type { Knex } from '@dayframe/service-kit/db';
import type { EntryVersion, EntryVersionSummary } from '@dayframe/contracts';
import { entryBytes } from '../quotas.ts';

/**
 * How much history a save may keep: the newest `maxVersions` of an entry, none replaced before
 * `cutoff` (an ISO instant), and at most `budgetBytes` of version text per account, the oldest
 * versions of the account dropped first (decision 0046).
 */
export type HistoryBounds = { maxVersions: number; cutoff: string; budgetBytes: number };

/** An entry's text as it was before a save, and when it was saved and replaced. */
export type ReplacedText = {
  entryId: string;
  userId: string;
  title: string;
  content: string;
  savedAt: string;
  replacedAt: string;
};

/** Characters as people count them (code points), not UTF-16 units: what `size` means. */
export function contentSize(content: string): number {
  let size = 0;
  for (const _ of content) size++;
  return size;
}

/** Versions of the account read at a time when making room or dropping old ones. */
const PRUNE_PAGE = 200;

/**
 * Keeps `replaced` as the entry's newest version, inside the saving transaction, then applies
 * every bound. A text larger than the whole budget is not kept (a save never fails for history).
 */
export async function keepVersion(
  trx: Knex,
  replaced: ReplacedText,
  bounds: HistoryBounds,
): Promise<void> {
  const bytes = entryBytes(replaced);
  if (bytes <= bounds.budgetBytes) {
    const size = contentSize(replaced.content);
    const before: { size: number | string } | undefined = await trx('entry_versions')
      .select('size')
      .where({ entry_id: replaced.entryId, user_id: replaced.userId })
      .andWhere('replaced_at', '>=', bounds.cutoff)
      .orderBy('seq', 'desc')
      .first();
    await trx('entry_versions').insert({
      id: randomUUID(),
      entry_id: replaced.entryId,
      user_id: replaced.userId,
      title: replaced.title,
      content: replaced.content,
      saved_at: replaced.savedAt,
      replaced_at: replaced.replacedAt,
      size,
      size_change: size - Number(before?.size ?? 0),
      bytes,
    });
  }
  await pruneEntryVersions(trx, replaced.userId, replaced.entryId, bounds);
  await dropOldVersions(trx, replaced.userId, bounds.cutoff);
  await keepWithinBudget(trx, replaced.userId, bounds.budgetBytes);
}

/** The entry's versions past the newest `maxVersions` or replaced before `cutoff` go. */
async function pruneEntryVersions(
  trx: Knex,
  userId: string,
  entryId: string,
  bounds: HistoryBounds,
): Promise<void> {
  const mine = { entry_id: entryId, user_id: userId };
  await trx('entry_versions').where(mine).andWhere('replaced_at', '<', bounds.cutoff).delete();
  const oldestKept: { seq: number | string } | undefined = await trx('entry_versions')
    .select('seq')
    .where(mine)
    .orderBy('seq', 'desc')
    .offset(bounds.maxVersions - 1)
    .first();
  if (oldestKept)
    await trx('entry_versions').where(mine).andWhere('seq', '<', oldestKept.seq).delete();
}

/**
 * The account's versions replaced before `cutoff`, also of entries not saved since: one page of
 * its oldest per save (versions are written in time order), so old history drains as the
 * account writes, and reads hide what is left meanwhile.
 */
async function dropOldVersions(trx: Knex, userId: string, cutoff: string): Promise<void> {
  const oldest: { seq: number | string; replaced_at: string }[] = await trx('entry_versions')
    .select('seq', 'replaced_at')
    .where('user_id', userId)
    .orderBy('seq', 'asc')
    .limit(PRUNE_PAGE);
  const old = oldest.filter((row) => row.replaced_at < cutoff).map((row) => row.seq);
  if (old.length) await trx('entry_versions').where('user_id', userId).whereIn('seq', old).delete();
}

/** Drops the account's oldest versions until its version text fits `budgetBytes`. */
export async function keepWithinBudget(
  trx: Knex,
  userId: string,
  budgetBytes: number,
): Promise<void> {
  let over = (await versionBytesOf(trx, userId)) - budgetBytes;
  while (over > 0) {
    const oldest: { seq: number | string; bytes: number | string }[] = await trx('entry_versions')
      .select('seq', 'bytes')
      .where('user_id', userId)
      .orderBy('seq', 'asc')
      .limit(PRUNE_PAGE);
    if (oldest.length === 0) return;
    const dropped: (number | string)[] = [];
    for (const row of oldest) {
      if (over <= 0) break;
      dropped.push(row.seq);
      over -= Number(row.bytes);
    }
    await trx('entry_versions').where('user_id', userId).whereIn('seq', dropped).delete();
  }
}

/** The account's bytes of version text, summed over the (user_id, bytes) index alone. */
export async function versionBytesOf(db: Knex, userId: string): Promise<number> {
  const [row] = (await db('entry_versions')
    .select(db.raw('COALESCE(SUM(bytes), 0) as n'))
    .where('user_id', userId)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

/** The entry's versions replaced at or after `cutoff`, newest first, at most `limit`. */
export async function findVersions(
  db: Knex,
  userId: string,
  entryId: string,
  cutoff: string,
  limit: number,
): Promise<EntryVersionSummary[]> {
  const rows: {
    id: string;
    saved_at: string;
    title: string;
    size: number | string;
    size_change: number | string;
  }[] = await db('entry_versions')
    .select('id', 'saved_at', 'title', 'size', 'size_change')
    .where({ entry_id: entryId, user_id: userId })
    .andWhere('replaced_at', '>=', cutoff)
    .orderBy('seq', 'desc')
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    savedAt: row.saved_at,
    title: row.title,
    size: Number(row.size),
    sizeChange: Number(row.size_change),
  }));
}

/** One version of the user's entry, if it is there and was replaced at or after `cutoff`. */
export async function findVersion(
  db: Knex,
  userId: string,
  entryId: string,
  versionId: string,
  cutoff: string,
): Promise<EntryVersion | null> {
  const row: { id: string; saved_at: string; title: string; content: string } | undefined =
    await db('entry_versions')
      .select('id', 'saved_at', 'title', 'content')
      .where({ id: versionId, entry_id: entryId, user_id: userId })
      .andWhere('replaced_at', '>=', cutoff)
      .first();
  return row
    ? { _id: row.id, savedAt: row.saved_at, title: row.title, content: row.content }
    : null;
}

/**
 * The versions of the user's entries matching `entries` (a query of entry ids) go. Said
 * explicitly beside the foreign key's cascade, as entries are beside their journal's.
 */
export async function deleteVersionsOfEntries(
  trx: Knex,
  userId: string,
  entries: Knex.QueryBuilder | string[],
): Promise<void> {
  await trx('entry_versions').where('user_id', userId).whereIn('entry_id', entries).delete();
}

/** Every version the user has. */
export async function deleteVersionsOf(trx: Knex, userId: string): Promise<void> {
  await trx('entry_versions').where('user_id', userId).delete();
}
