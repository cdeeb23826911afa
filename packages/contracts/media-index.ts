import { z } from 'zod';

/**
 * What journals knows of the files its entries refer to (decision 0049): the references of each
 * entry's current text, kept beside the entries, answered to media's sweep and to the journal's
 * Media view.
 */

/** How many ids one `POST /internal/media/referenced` may ask about. */
export const MEDIA_REFERENCED_MAX = 500;

/**
 * `POST /internal/media/referenced` (media's sweep of unreferenced files, with its service
 * token): which of `ids` some entry of `userId` refers to.
 */
export const mediaReferencedRequest = z.object({
  userId: z.string().min(1).max(64),
  ids: z.array(z.string().max(64)).max(MEDIA_REFERENCED_MAX),
});
export type MediaReferencedRequest = z.infer<typeof mediaReferencedRequest>;
export const mediaReferencedResponse = z.object({ referenced: z.array(z.string()) });
export type MediaReferencedResponse = z.infer<typeof mediaReferencedResponse>;

/** One file a journal's entries embed, for its Media view: the entry it sits in, by date. */
export const journalMediaItem = z.object({
  mediaId: z.string(),
  date: z.string(),
  entryId: z.string(),
  title: z.string(),
});
export type JournalMediaItem = z.infer<typeof journalMediaItem>;

/**
 * An entry's first embedded file (`![..](media:<id>)`), for a small picture beside it in lists
 * (on this day, the calendar); null when it embeds none. Whether it is an image, and its link,
 * media answers. Journals always sends it; absent (an older journals), read it as none.
 */
export const entryPhoto = { photo: z.string().nullable().optional() };
