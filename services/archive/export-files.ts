import type { ExportedEntry, ExportedGoal } from '@dayframe/contracts';
import type { ExportReader } from './export-reader.ts';
import { slugify, uniqueNames } from './slugs.ts';

/** A YAML scalar: JSON's double-quoted string is valid YAML and escapes everything needed. */
const yaml = (text: string) => JSON.stringify(text);

/**
 * One entry as Markdown with YAML front matter (`title`, `date`, `journal`, `tags`, `mood`,
 * `starred`), content as written. Tags are a flow list of quoted strings; no mood is `null`.
 */
function entryMarkdown(entry: ExportedEntry, journalTitle: string): string {
  return [
    '---',
    `title: ${yaml(entry.title)}`,
    `date: ${entry.date}`,
    `journal: ${yaml(journalTitle)}`,
    `tags: [${(entry.tags ?? []).map(yaml).join(', ')}]`,
    `mood: ${entry.mood ?? 'null'}`,
    `starred: ${entry.starred === true}`,
    '---',
    '',
    entry.content,
    '',
  ].join('\n');
}

/**
 * The entries' Markdown files a page at a time, as the owner's pages arrive:
 * `journals/<journal-slug>/<YYYY-MM-DD>-<title-slug>.md`. Only the names taken in the folder
 * being written are remembered (to keep them unique), never the files.
 */
export async function* entryFiles(
  reader: ExportReader,
): AsyncGenerator<{ path: string; text: string }[]> {
  const journalFolder = uniqueNames();
  for (const journal of reader.journals) {
    const folder = journalFolder(slugify(journal.title, 'journal'));
    const fileName = uniqueNames();
    for await (const entries of reader.entries(journal._id))
      yield entries.map((entry) => ({
        path: `journals/${folder}/${fileName(`${entry.date}-${slugify(entry.title, 'entry')}`)}.md`,
        text: entryMarkdown(entry, journal.title),
      }));
  }
}

/** One goal's line: title, dates, description on one line. */
function goalLine(goal: ExportedGoal): string {
  const dates = [`set ${goal.dateSet}`, `due ${goal.dateDue}`];
  if (goal.dateComplete) dates.push(`completed ${goal.dateComplete}`);
  const description = goal.description.replace(/\s*\n\s*/g, ' ');
  return `- **${goal.title}** (${dates.join(', ')})${description ? `: ${description}` : ''}\n`;
}

/**
 * `goals.md`: active and completed goals as two Markdown lists with their dates, written in
 * one pass over the goals' pages (which come active first, then completed).
 */
export async function* goalsMarkdown(pages: AsyncIterable<ExportedGoal[]>): AsyncGenerator<string> {
  yield '# Goals\n\n## Active\n\n';
  let section: 'active' | 'completed' = 'active';
  let listed = 0;
  const toCompleted = () => {
    section = 'completed';
    const text = `${listed ? '' : '(none)\n'}\n## Completed\n\n`;
    listed = 0;
    return text;
  };
  for await (const goals of pages) {
    let text = '';
    for (const goal of goals) {
      if (goal.completed && section === 'active') text += toCompleted();
      text += goalLine(goal);
      listed += 1;
    }
    yield text;
  }
  if (section === 'active') yield toCompleted();
  if (!listed) yield '(none)\n';
}
