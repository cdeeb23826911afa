// The results table: one row per figure, its goal and whether the goal is met.

export type Row = {
  figure: string;
  measure: string;
  value: string;
  goal: string;
  /** true/false against the goal; null when the row is informative only or could not run. */
  met: boolean | null;
};

const mark = (met: boolean | null) => (met === null ? '–' : met ? 'yes' : '**NO**');

export function markdownTable(rows: readonly Row[]): string {
  const header = ['#', 'measure', 'value', 'goal', 'met'];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (r) =>
        `| ${[r.figure, r.measure, r.value, r.goal, mark(r.met)].map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`,
    ),
  ];
  return lines.join('\n');
}

/** The same table for a terminal: aligned columns, no markdown. */
export function textTable(rows: readonly Row[]): string {
  const cells = [
    ['#', 'measure', 'value', 'goal', 'met'],
    ...rows.map((r) => [r.figure, r.measure, r.value, r.goal, mark(r.met).replace(/\*/g, '')]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells
    .map((row, n) => {
      const line = row.map((c, i) => c.padEnd(widths[i]!)).join('  ');
      return n === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
export const times = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)}×`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const rps = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;
