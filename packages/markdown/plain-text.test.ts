import { describe, expect, it } from 'vitest';
import { plainTextOpening, toPlainText } from './plain-text.ts';

describe('toPlainText', () => {
  it('strips Markdown to its words', () => {
    const source = [
      '# A *good* day',
      '',
      'Went to [the park](https://example.com) with ![my dog](/api/media/d.png) and **Ada**.',
      '',
      '- [ ] buy milk',
      '- [x] call mum',
      '',
      '| Meal | Time |',
      '| ---- | ---- |',
      '| Tea  | 7:00 |',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '> quoted ~~old~~ `code`',
      '',
      '---',
      '[ref]: https://example.com',
    ].join('\n');
    expect(toPlainText(source)).toBe(
      [
        'A good day',
        'Went to the park with my dog and Ada.',
        'buy milk',
        'call mum',
        'Meal Time',
        'Tea 7:00',
        'const x = 1;',
        'quoted old code',
      ].join('\n'),
    );
  });

  it('drops embedded files (their captions are file names) and keeps the words of links to files', () => {
    const id = '0b6f7a52-3c1e-4a5e-9d2f-2b1c0a9e8f71';
    const source = `Beach day\n\n![IMG_2041](media:${id})\n![](media:${id})\n\nSee [the scan](media:${id}).`;
    expect(toPlainText(source)).toBe('Beach day\nSee the scan.');
    expect(plainTextOpening(`![IMG_1](media:${id}) Sunset`, 100)).toBe('Sunset');
  });

  it('keeps raw HTML as the characters it is (the card shows it as text)', () => {
    expect(toPlainText('<b>hi</b> there')).toBe('<b>hi</b> there');
    expect(toPlainText('<div>\nblock\n</div>\n\nafter')).toBe('<div>\nblock\n</div>\nafter');
  });

  it('is linear on 10,000 nested quotes and a 1 MB line', { timeout: 120_000 }, () => {
    const started = performance.now();
    expect(toPlainText(`${'> '.repeat(10_000)}deep`)).toBe('deep');
    // Past 2,000 marks in a block the rest are shown as look-alikes (inline-markers.ts).
    expect(toPlainText('*a* '.repeat(250_000))).toMatch(/^a a a .*\u2217a\u2217$/);
    expect(performance.now() - started).toBeLessThan(45_000);
  });

  it('strips only the opening of a long entry, cut at a line end', () => {
    const long = `# Day **one**\n\nFirst *line*\n\n${'more words here\n'.repeat(5000)}`;
    expect(plainTextOpening(long, 30)).toBe('Day one\nFirst line');
    // A cut inside a line never leaves half a mark: the line is left out whole.
    expect(plainTextOpening('**bold** start\nsecond **half', 20)).toBe('bold start');
    // Short entries are stripped whole; a first line longer than the cut is cut inside it.
    expect(plainTextOpening('*short*', 30)).toBe('short');
    expect(plainTextOpening('word '.repeat(100), 12)).toBe('word word wo');
  });
});
