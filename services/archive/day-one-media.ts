import { z } from 'zod';
import { MEDIA_SCHEME } from '@dayframe/contracts';

/** One photo, recording or PDF of a Day One entry; fields the import does not use are ignored. */
const dayOneAttachment = z.object({
  identifier: z.string().max(64).optional(),
  md5: z.string().max(64).optional(),
  /** A photo's `jpeg`, `png`, ...; a recording says `format`. */
  type: z.string().max(16).optional(),
  format: z.string().max(16).optional(),
});
const attachments = z.array(dayOneAttachment, { error: 'must be a list' }).max(1000).optional();

/** The attachment lists of a Day One entry, and the folder of the zip each kind is kept in. */
export const dayOneAttachments = {
  photos: attachments,
  audios: attachments,
  pdfAttachments: attachments,
};
const FOLDERS = { photos: 'photos', audios: 'audios', pdfAttachments: 'pdfs' } as const;
type WithAttachments = Partial<Record<keyof typeof FOLDERS, z.infer<typeof dayOneAttachment>[]>>;

/** A file of the upload the import stores through media, and the id the text refers to it by. */
export type PlannedMedia = { id: string; file: string };

/** `![](dayone-moment://<id>)`, also `dayone-moment:/audio/<id>` and the like. */
const MOMENT = /!?\[[^\]\n]*\]\(dayone-moment:\/{1,2}(?:[A-Za-z]+\/)?([A-Za-z0-9-]{1,64})\)/g;

/**
 * A Day One entry's text with its attachments turned into Dayframe's references: each
 * `![](dayone-moment://<id>)` whose file is in the zip (`<folder>photos/<md5>.<type>`, `audios/`,
 * `pdfs/`) becomes `![](media:<id>)` (the import then stores the file and puts media's new id in
 * place of `<id>`); one whose file is not (a JSON-only export) is taken out, with its line when
 * it stood alone, and counted.
 */
export function withDayOneMedia(
  text: string,
  entry: WithAttachments,
  where: { folder: string; files: Set<string> },
): { text: string; media: PlannedMedia[]; missing: number } {
  const byId = new Map<string, string | null>();
  for (const kind of Object.keys(FOLDERS) as (keyof typeof FOLDERS)[])
    for (const item of entry[kind] ?? []) {
      if (!item.identifier) continue; // referred to by nothing
      const extension = item.type ?? item.format;
      const file =
        item.md5 && extension ? `${where.folder}${FOLDERS[kind]}/${item.md5}.${extension}` : null;
      byId.set(item.identifier.toLowerCase(), file && where.files.has(file) ? file : null);
    }
  const media: PlannedMedia[] = [];
  let missing = 0;
  const lines = text.split('\n').flatMap((line) => {
    let removed = false;
    const kept = line.replace(MOMENT, (_, id: string) => {
      const file = byId.get(id.toLowerCase());
      if (!file) {
        missing += 1;
        removed = true;
        return '';
      }
      media.push({ id: id.toLowerCase(), file });
      return `![](${MEDIA_SCHEME}${id.toLowerCase()})`;
    });
    return removed && !kept.trim() ? [] : [kept];
  });
  return { text: lines.join('\n'), media, missing };
}

const EMBED = new RegExp(`!\\[[^\\]\\n]*\\]\\(${MEDIA_SCHEME}[A-Za-z0-9-]{1,64}\\)`, 'g');

/** A line holding embedded files and nothing else: never an entry's title. */
export function onlyEmbeds(line: string): boolean {
  return line.search(EMBED) !== -1 && !line.replace(EMBED, '').trim();
}
