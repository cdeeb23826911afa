import { api, type ApiPage } from '@dayframe/web-kit';
import type {
  DeleteTagResponse,
  Entry,
  RenameTagRequest,
  RenameTagResponse,
  TagList,
} from '@dayframe/contracts';

const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;

/** The caller's tags with how many entries carry each, most used first. */
export function listTags(signal?: AbortSignal): Promise<TagList> {
  return api.get<TagList>('/tags', { signal });
}

/** A page of the tag's entries, latest first: the first, or the one at `next` (the Link). */
export function listTagEntries(
  tag: string,
  next: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<Entry>> {
  return api.getPage<Entry>(next ?? `${tagPath(tag)}/entries`, { signal });
}

/** A page of the starred entries, latest first. */
export function listStarred(next: string | null, signal?: AbortSignal): Promise<ApiPage<Entry>> {
  return api.getPage<Entry>(next ?? '/entries/starred', { signal });
}

/** Renames the tag on every entry (and its `#word`s in their text). */
export function renameTag(tag: string, to: string): Promise<RenameTagResponse> {
  return api.put<RenameTagResponse>(tagPath(tag), { tag: to } satisfies RenameTagRequest);
}

/** Takes the tag off every entry. */
export function deleteTag(tag: string): Promise<DeleteTagResponse> {
  return api.delete<DeleteTagResponse>(tagPath(tag));
}
