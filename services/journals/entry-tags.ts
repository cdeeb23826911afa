import { ENTRY_MESSAGES, TAGS_PER_ENTRY, tagsInText } from '@dayframe/contracts';
import { badRequest } from '@dayframe/service-kit/http';

/**
 * An entry's tags after a write: `kept` (the request's `tags`, or on an edit without them the
 * entry's own) followed by the `#word` tags of its title and then its content, each once, in
 * order of first appearance. More than `TAGS_PER_ENTRY` is refused (nothing is written).
 */
export function entryTags(kept: readonly string[], text: { title: string; content: string }) {
  const tags = [...new Set([...kept, ...tagsInText(text.title), ...tagsInText(text.content)])];
  if (tags.length > TAGS_PER_ENTRY) throw badRequest(ENTRY_MESSAGES.tooManyTags, 'too_many_tags');
  return tags;
}
