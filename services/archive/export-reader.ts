import type { Readable } from 'node:stream';
import {
  MEDIA_TYPES,
  type MediaExportItem,
  type ExportedEntry,
  type ExportedGoal,
  type ExportedJournal,
  type ExportQuery,
  type ExportedSignIn,
  type GoalsExportPage,
} from '@dayframe/contracts';
import type { Logger } from '@dayframe/service-kit/http';
import { SourceDown, type ArchiveAsk, type ArchiveSources } from './archive-sources.ts';

/**
 * One export of one caller, read from the owners a page at a time. `entries` and `goals` start
 * a new walk each time they are called (the zip walks them twice: once for `dayframe.json`,
 * once for the Markdown files), so at most a page or two is ever held, whatever the account's
 * size.
 */
export type ExportReader = {
  exportedAt: string;
  /** Which sign-in methods the account had on (issue 28): whether and how many, no secret. */
  signIn: ExportedSignIn;
  journals: ExportedJournal[];
  entries(journalId: string): AsyncGenerator<ExportedEntry[]>;
  goals(): AsyncGenerator<ExportedGoal[]>;
  /** Every file of the account, each with where the zip puts it (`file`). */
  media: ExportedMedia[];
  /** One file's bytes as uploaded, read when the zip gets to it. */
  openMedia(id: string): Promise<Readable>;
};

/** A file in `dayframe.json`'s `media` list: media's description and its path in the zip. */
export type ExportedMedia = MediaExportItem & { file: string };

/** `media/<id>.<ext>`, the extension of its type (`bin` for one media no longer names). */
export function mediaFileName(item: Pick<MediaExportItem, 'id' | 'contentType'>): string {
  const type = MEDIA_TYPES[item.contentType as keyof typeof MEDIA_TYPES];
  return `media/${item.id}.${type?.ext ?? 'bin'}`;
}

/**
 * Opens an export: the journals and the first page of goals are read now, so an owner that is
 * down answers 503 before anything is sent. An owner failing later, once the download has
 * started, can only end it early (logged); the person gets a broken download, never a wrong one.
 */
export async function openExport(
  sources: ArchiveSources,
  ask: ArchiveAsk,
  query: Pick<ExportQuery, 'from' | 'to'>,
  options: { now: number; pageSize: number; log: Logger },
): Promise<ExportReader> {
  const limit = options.pageSize;
  // The files' list is whole in hand (an account's list is a few MB at most, 2 GB of photos),
  // the files themselves are not.
  const [{ journals }, firstGoals, { media }, signIn] = await Promise.all([
    sources.exportJournals(ask),
    sources.exportGoals(ask, { limit }),
    sources.exportMedia(ask),
    sources.exportSignIn(ask),
  ]);
  let pending: GoalsExportPage | undefined = firstGoals;
  const logged = async function* <T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
    try {
      yield* pages;
    } catch (error) {
      if (error instanceof SourceDown)
        options.log.warn({ err: error.message, cause: String(error.cause) }, 'export cut short');
      throw error;
    }
  };
  return {
    exportedAt: new Date(options.now).toISOString(),
    // Field by field: whatever else an identity might send never reaches the file.
    signIn: { password: signIn.password, totp: signIn.totp, passkeys: signIn.passkeys },
    journals,
    media: media.map((item) => ({ ...item, file: mediaFileName(item) })),
    openMedia: (id) => sources.openMedia(ask, id),
    entries: (journalId) =>
      logged(
        walk((after) =>
          sources
            .exportEntries(ask, { journalId, from: query.from, to: query.to, after, limit })
            .then((page) => ({ items: page.entries, next: page.next })),
        ),
      ),
    goals() {
      // The first walk starts with the page read when the export was opened.
      const first = pending;
      pending = undefined;
      return logged(
        walk((after) =>
          (after === undefined && first
            ? Promise.resolve(first)
            : sources.exportGoals(ask, { after, limit })
          ).then((page) => ({ items: page.goals, next: page.next })),
        ),
      );
    },
  };
}

/** Follows `next` from the first page to the last, one page in hand at a time. */
async function* walk<T>(
  read: (after: string | undefined) => Promise<{ items: T[]; next: string | null }>,
): AsyncGenerator<T[]> {
  let after: string | undefined;
  do {
    const page = await read(after);
    if (page.items.length) yield page.items;
    // An owner answering the same cursor again would loop forever: treat it as the end.
    if (page.next === after) return;
    after = page.next ?? undefined;
  } while (after !== undefined);
}
