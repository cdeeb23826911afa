import { describe, expect, it } from 'vitest';
import { applyFormat } from './formatting.ts';

describe('applyFormat', () => {
  it('wraps the selection and keeps it selected inside the marks', () => {
    expect(applyFormat('bold', 'a word here', 2, 6)).toEqual({
      value: 'a **word** here',
      start: 4,
      end: 8,
    });
    expect(applyFormat('italic', 'a word', 2, 6)).toEqual({ value: 'a *word*', start: 3, end: 7 });
  });

  it('puts in words to type over when nothing is selected', () => {
    expect(applyFormat('bold', 'ab', 1, 1)).toEqual({
      value: 'a**bold text**b',
      start: 3,
      end: 12,
    });
  });

  it('makes a link and selects its address', () => {
    const edit = applyFormat('link', 'see site', 4, 8);
    expect(edit.value).toBe('see [site](https://)');
    expect(edit.value.slice(edit.start, edit.end)).toBe('https://');
  });

  it('prefixes every line the selection touches and selects them', () => {
    const edit = applyFormat('task', 'one\ntwo\nthree', 1, 5);
    expect(edit).toEqual({ value: '- [ ] one\n- [ ] two\nthree', start: 0, end: 19 });
    expect(applyFormat('heading', 'x\nTitle', 3, 3).value).toBe('x\n## Title');
    expect(applyFormat('quote', 'a', 0, 1).value).toBe('> a');
    expect(applyFormat('list', '', 0, 0).value).toBe('- ');
  });
});
