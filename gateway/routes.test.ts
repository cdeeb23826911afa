import { describe, expect, it } from 'vitest';
import { serviceFor } from './routes.ts';

describe('which service answers a path', () => {
  it('sends each search to the service that owns the rows, and insights to journals', () => {
    expect(serviceFor('/api/search/entries')).toBe('journals');
    expect(serviceFor('/api/search/goals')).toBe('goals');
    expect(serviceFor('/api/insights/on-this-day')).toBe('journals');
    expect(serviceFor('/api/insights/writing')).toBe('journals');
    expect(serviceFor('/api/search')).toBeNull();
    expect(serviceFor('/api/search/everything')).toBeNull();
    expect(serviceFor('/api/search/entriesx')).toBeNull();
  });
});
