import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { BUILT_IN_TEMPLATES } from './templates.ts';

describe('built-in journal templates', () => {
  it('are the four named ones, each with a distinct id', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => [t.id, t.name])).toEqual([
      ['daily-reflection', 'Daily reflection'],
      ['gratitude', 'Gratitude'],
      ['weekly-review', 'Weekly review'],
      ['travel-day', 'Travel day'],
    ]);
  });

  it('are Markdown a journal accepts: headings and a task list, within the content limit', () => {
    for (const template of BUILT_IN_TEMPLATES) {
      expect(template.content, template.id).toMatch(/^## /m);
      expect(template.content, template.id).toMatch(/^- \[ \]/m);
      expect(template.content.length, template.id).toBeLessThanOrEqual(LIMITS.content);
      expect(template.content.endsWith('\n'), template.id).toBe(true);
    }
  });
});
