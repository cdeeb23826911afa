import { describe, expect, it } from 'vitest';
import { foldUnchanged, lineDiff } from './line-diff.ts';

const signs = (before: string, after: string) =>
  lineDiff(before, after).map(
    (line) => `${{ same: ' ', removed: '-', added: '+' }[line.kind]}${line.text}`,
  );

describe('a line diff', () => {
  it('marks lines only in the earlier text removed and only in the later one added', () => {
    expect(signs('a\nb\nc\nd', 'a\nc\nd\ne')).toEqual([' a', '-b', ' c', ' d', '+e']);
    expect(signs('one\ntwo', 'one\nTWO')).toEqual([' one', '-two', '+TWO']);
  });

  it('keeps the longest run of shared lines, not the first match', () => {
    expect(signs('x\na\nb\nc', 'a\nb\nc\nx')).toEqual(['-x', ' a', ' b', ' c', '+x']);
  });

  it('is all unchanged for equal texts and all added from nothing', () => {
    expect(signs('same\ntext', 'same\ntext')).toEqual([' same', ' text']);
    expect(signs('', 'new')).toEqual(['-', '+new']);
  });

  it('still answers, coarsely, for texts too long to compare line by line', () => {
    const before = Array.from({ length: 3000 }, (_, n) => `old ${n}`).join('\n');
    const after = Array.from({ length: 3000 }, (_, n) => `new ${n}`).join('\n');
    const lines = lineDiff(before, after);
    expect(lines.filter((line) => line.kind === 'removed')).toHaveLength(3000);
    expect(lines.filter((line) => line.kind === 'added')).toHaveLength(3000);
  });

  it('folds long unchanged runs, keeping two lines of context around each change', () => {
    const before = Array.from({ length: 20 }, (_, n) => `line ${n}`);
    const after = [...before];
    after[10] = 'changed';
    const parts = foldUnchanged(lineDiff(before.join('\n'), after.join('\n')));
    expect(parts).toEqual([
      { kind: 'folded', count: 8 },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'changed' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'folded', count: 7 },
    ]);
  });
});
