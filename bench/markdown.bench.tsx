/**
 * Issue 25: the entry renderer (packages/markdown) stays linear on hostile input. Renders each
 * kind of input at n and 2n bytes with react-dom/server and prints the times and their ratio
 * (about 2 is linear; 4 would be quadratic). Not a test: ratios go here, deadlines in the tests.
 *
 *   node --import tsx bench/markdown.bench.tsx [n-bytes, default 250000]
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, toPlainText } from '@dayframe/markdown';
import { median } from './_stats.ts';

/** Each input as a function of its size in bytes (repeating a unit up to it). */
const INPUTS: Record<string, (bytes: number) => string> = {
  'normal entry': (bytes) =>
    repeat(
      '## A day\n\nSome **bold** and *soft* words, a [link](https://example.com) and `code`.\n\n- [ ] milk\n- [x] bread\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n',
      bytes,
    ),
  'raw HTML and script links': (bytes) =>
    repeat(
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(1)</script>\n',
      bytes,
    ),
  'one long line of words': (bytes) => repeat('word ', bytes),
  'nested quotes (one line)': (bytes) => `${repeat('> ', bytes)}deep`,
  'nested lists (one line)': (bytes) => `${repeat('- ', bytes)}deep`,
  'open brackets then link ends': (bytes) => repeat('[', bytes / 2) + repeat('](', bytes / 2),
  'alternating emphasis': (bytes) => repeat('*a _b ', bytes),
  'unclosed code spans': (bytes) => repeat('`a ``b ', bytes),
  'table with many columns': (bytes) => {
    const row = repeat('| x ', bytes / 3);
    return `${row}|\n${row.replace(/x/g, '-')}|\n${row}|`;
  },
};

function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
}

function time(run: () => unknown, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const n = Number(process.argv[2] ?? 250_000);
console.log(`Markdown render (react-dom/server) and toPlainText, n = ${n} bytes, median of 3\n`);
console.log('input'.padEnd(32), 'render n', 'render 2n', 'ratio', ' plain n', 'plain 2n', 'ratio');
for (const [name, make] of Object.entries(INPUTS)) {
  const [small, large] = [make(n), make(2 * n)];
  const render = [small, large].map((s) =>
    time(() => renderToStaticMarkup(<Markdown source={s} />)),
  );
  const plain = [small, large].map((s) => time(() => toPlainText(s)));
  const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(8);
  console.log(
    name.padEnd(32),
    ms(render[0]!),
    ms(render[1]!).padStart(9),
    (render[1]! / render[0]!).toFixed(2).padStart(5),
    ms(plain[0]!),
    ms(plain[1]!),
    (plain[1]! / plain[0]!).toFixed(2).padStart(5),
  );
}
