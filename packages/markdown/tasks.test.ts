import { describe, expect, it } from 'vitest';
import { taskItems, toggleTask } from './tasks.ts';
import { parseMarkdown } from './parse.ts';

describe('toggleTask', () => {
  const source = [
    'Notes with [ ] brackets and - [ ] that is not a task.',
    '',
    '- [ ] milk',
    '- [x] bread',
    '  - [ ] nested',
    '',
    '> 1. [X] quoted',
    '',
    '```',
    '- [ ] in code',
    '```',
  ].join('\n');

  it('numbers tasks in document order, code excluded', () => {
    expect(taskItems(parseMarkdown(source)).map((item) => item.checked)).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('rewrites only the index-th task’s box', () => {
    expect(toggleTask(source, 0, true)).toBe(source.replace('- [ ] milk', '- [x] milk'));
    expect(toggleTask(source, 1, false)).toBe(source.replace('- [x] bread', '- [ ] bread'));
    expect(toggleTask(source, 2, true)).toBe(source.replace('- [ ] nested', '- [x] nested'));
    expect(toggleTask(source, 3, false)).toBe(source.replace('[X] quoted', '[ ] quoted'));
  });

  it('leaves the source as it is for an index out of range', () => {
    expect(toggleTask(source, 4, true)).toBe(source);
    expect(toggleTask(source, -1, true)).toBe(source);
  });

  it('keeps CRLF line endings and the text after the box', () => {
    const crlf = '- [ ] a\r\n- [ ] b\r\n';
    expect(toggleTask(crlf, 1, true)).toBe('- [ ] a\r\n- [x] b\r\n');
  });
});
