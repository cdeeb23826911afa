import {
  ENTRY_MESSAGES,
  LIMITS,
  TAG_MESSAGES,
  calendarDate,
  replaceTagInText,
  tagInPath,
  type DeleteTagResponse,
  type Entry,
  type RenameTagResponse,
  type TagList,
} from '@dayframe/contracts';
import {
  badRequest,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  notFound,
  type Page,
  type PageRequest,
} from '@dayframe/service-kit/http';
import { byteQuotaExceeded } from '@dayframe/service-kit/limits';
import { z } from 'zod';
import { entryBytesOf } from './data/entry-bytes.ts';
import { findStarredPage, type EntriesPage, type EntryPosition } from './data/entry-repo.ts';
import {
  countTags,
  findTagPage,
  findTaggedEntries,
  rewriteTaggedEntry,
  type TaggedEntry,
} from './data/tag-repo.ts';
import { ENTRY_TEXT } from './quotas.ts';
import type { JournalsScope } from './scope.ts';

/** A tag named in the path, checked like any tag (400 naming it), as stored. */
export function pathTag(raw: string): string {
  const tag = tagInPath(raw);
  if (!tag) throw badRequest(ENTRY_MESSAGES.badTag(raw.slice(0, 40)), 'invalid_tag');
  return tag;
}

function tagNotFound() {
  return notFound(TAG_MESSAGES.notFound, 'tag_not_found');
}

export function listTags(scope: JournalsScope, userId: string): Promise<TagList> {
  return countTags(scope.db, userId);
}

/** A cursor of a list across journals: which list (`l`) and the last entry's position. */
const listCursor = z.object({ l: z.string(), d: calendarDate(), s: z.number().int().positive() });

/**
 * One page of a list of entries across journals, latest first, paged like a journal's entries.
 * The cursor names its list, so a cursor of another list is refused, not misapplied.
 */
async function pageOfList(
  list: string,
  page: PageRequest,
  read: (after: EntryPosition | undefined) => Promise<EntriesPage>,
): Promise<Page<Entry>> {
  let after: EntryPosition | undefined;
  if (page.cursor !== undefined) {
    const position = decodeCursor(page.cursor, listCursor);
    if (position.l !== list) throw invalidCursor();
    after = { date: position.d, seq: position.s };
  }
  const found = await read(after);
  return {
    items: found.entries,
    next:
      found.more && found.last
        ? encodeCursor({ l: list, d: found.last.date, s: found.last.seq })
        : null,
  };
}

/** The caller's entries with `tag`, latest first; an unknown tag has none. */
export function listTagEntries(
  scope: JournalsScope,
  userId: string,
  tag: string,
  page: PageRequest,
): Promise<Page<Entry>> {
  return pageOfList(`tag:${tag}`, page, (after) =>
    findTagPage(scope.db, userId, tag, page.limit, after),
  );
}

/** The caller's starred entries, latest first. */
export function listStarred(
  scope: JournalsScope,
  userId: string,
  page: PageRequest,
): Promise<Page<Entry>> {
  return pageOfList('starred', page, (after) =>
    findStarredPage(scope.db, userId, page.limit, after),
  );
}

/**
 * Rewrites every entry of the caller with `tag` in one transaction: its tags as `retag` says and
 * each `#tag` of its title and content as `rewrite` says, so the next save does not bring the
 * old tag back. Refused as a whole (nothing written) when the caller has no such tag, when a
 * text would pass its length limit, or when the user's text would grow past the byte quota.
 */
async function rewriteTag(
  scope: JournalsScope,
  userId: string,
  tag: string,
  retag: (tags: string[]) => string[],
  rewrite: (word: string) => string,
): Promise<number> {
  return scope.db.transaction(async (trx) => {
    const entries: TaggedEntry[] = await findTaggedEntries(trx, userId, tag);
    if (entries.length === 0) throw tagNotFound();
    const bytesBefore = await entryBytesOf(trx, userId);
    for (const entry of entries) {
      const title = replaceTagInText(entry.title, tag, rewrite);
      const content = replaceTagInText(entry.content, tag, rewrite);
      if (title.length > LIMITS.title || content.length > LIMITS.content)
        throw badRequest(TAG_MESSAGES.tooLong, 'entry_too_long');
      await rewriteTaggedEntry(trx, userId, entry, { title, content, tags: retag(entry.tags) });
    }
    const bytesAfter = await entryBytesOf(trx, userId);
    if (bytesAfter > bytesBefore && bytesAfter > scope.quotas.entryBytes)
      throw byteQuotaExceeded(scope.quotas.entryBytes, ENTRY_TEXT);
    return entries.length;
  });
}

/** Renames `tag` to `to` on all the caller's entries, merging where an entry has both. */
export async function renameTag(
  scope: JournalsScope,
  userId: string,
  tag: string,
  to: string,
): Promise<RenameTagResponse> {
  const entries = await rewriteTag(
    scope,
    userId,
    tag,
    (tags) => [...new Set(tags.map((one) => (one === tag ? to : one)))],
    () => `#${to}`,
  );
  return { tag: to, entries };
}

/** Takes `tag` off all the caller's entries; `#tag` in their text becomes the plain word. */
export async function deleteTag(
  scope: JournalsScope,
  userId: string,
  tag: string,
): Promise<DeleteTagResponse> {
  const entries = await rewriteTag(
    scope,
    userId,
    tag,
    (tags) => tags.filter((one) => one !== tag),
    (word) => word,
  );
  return { message: TAG_MESSAGES.deleted, entries };
}
