import { describe, expect, it } from 'vitest';
import { plainSnippet } from './search-snippet.ts';

const marked = (found: { snippet: string; highlights: [number, number][] }) =>
  found.highlights.map(([s, e]) => found.snippet.slice(s, e));

describe('a plain-text search snippet', () => {
  it('strips Markdown and marks the words where they show', () => {
    const found = plainSnippet('# Day\n\n**bold** [link](https://x) and `kumquat`', ['kumquat']);
    expect(found.snippet).toBe('Day bold link and kumquat');
    expect(marked(found)).toEqual(['kumquat']);
  });

  it('takes prose without a Markdown sign as it is', () => {
    const found = plainSnippet('We walked to the harbour, then home.', ['harbour']);
    expect(found.snippet).toBe('We walked to the harbour, then home.');
    expect(marked(found)).toEqual(['harbour']);
  });

  it('parses only the paragraphs from the first match of a long entry, and still strips them', () => {
    const filler = Array.from({ length: 200 }, (_, n) => `Paragraph ${n} of *filler* text.`);
    const content = [...filler, 'Then a **kumquat** by the [sea](https://x).', ...filler].join(
      '\n\n',
    );
    expect(content.length).toBeGreaterThan(8_000);
    const found = plainSnippet(content, ['kumquat']);
    expect(found.snippet).toMatch(/^Then a kumquat by the sea\. Paragraph 0 of filler text\./);
    expect(found.snippet).not.toMatch(/[*[\]]/);
    expect(marked(found)).toEqual(['kumquat']);
  });
});
