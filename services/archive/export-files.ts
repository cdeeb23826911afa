import type { DayframeExport } from '@dayframe/contracts';
import { slugify, uniqueNames } from './slugs.ts';

/** A YAML scalar: JSON's double-quoted string is valid YAML and escapes everything needed. */
const yaml = (text: string) => JSON.stringify(text);

/** One entry as Markdown with YAML front matter (`title`, `date`, `journal`), content as written. */
export function entryMarkdown(
  entry: { title: string; content: string; date: string },
  journalTitle: string,
): string {
  return [
    '---',
    `title: ${yaml(entry.title)}`,
    `date: ${entry.date}`,
    `journal: ${yaml(journalTitle)}`,
    '---',
    '',
    entry.content,
    '',
  ].join('\n');
}

/** `goals.md`: active and completed goals as two Markdown lists with their dates. */
export function goalsMarkdown(goals: DayframeExport['goals']): string {
  const line = (goal: DayframeExport['goals'][number]) => {
    const dates = [`set ${goal.dateSet}`, `due ${goal.dateDue}`];
    if (goal.dateComplete) dates.push(`completed ${goal.dateComplete}`);
    const description = goal.description.replace(/\s*\n\s*/g, ' ');
    return `- **${goal.title}** (${dates.join(', ')})${description ? `: ${description}` : ''}`;
  };
  const active = goals.filter((goal) => !goal.completed).map(line);
  const completed = goals.filter((goal) => goal.completed).map(line);
  return [
    '# Goals',
    '',
    '## Active',
    '',
    ...(active.length ? active : ['(none)']),
    '',
    '## Completed',
    '',
    ...(completed.length ? completed : ['(none)']),
    '',
  ].join('\n');
}

/**
 * Every file of the zip but `dayframe.json`, one at a time (so the caller can stream them):
 * `journals/<journal-slug>/<YYYY-MM-DD>-<title-slug>.md`, then `goals.md`.
 */
export function* exportFiles(data: DayframeExport): Generator<{ path: string; text: string }> {
  const journalFolder = uniqueNames();
  for (const journal of data.journals) {
    const folder = journalFolder(slugify(journal.title, 'journal'));
    const fileName = uniqueNames();
    for (const entry of journal.entries) {
      const name = fileName(`${entry.date}-${slugify(entry.title, 'entry')}`);
      yield { path: `journals/${folder}/${name}.md`, text: entryMarkdown(entry, journal.title) };
    }
  }
  yield { path: 'goals.md', text: goalsMarkdown(data.goals) };
}
