import { describe, expect, it } from 'vitest';
import { isAppPath, remoteForPath } from './remote-paths.ts';

describe('which remote owns a path', () => {
  it.each([
    ['/journals', 'mfe_journals'],
    ['/journals/create', 'mfe_journals'],
    ['/journals/42/entries/7', 'mfe_journals'],
    ['/entry', 'mfe_journals'],
    ['/goals', 'mfe_goals'],
    ['/calendar', 'mfe_calendar'],
    ['/settings', 'mfe_account'],
    ['/admin', 'mfe_account'],
    ['/journalsx', null],
    ['/entryway', null],
    ['/about', null],
    ['/', null],
  ])('%s → %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('counts the dashboard and remote paths as the signed-in app, nothing else', () => {
    expect(isAppPath('/dashboard')).toBe(true);
    expect(isAppPath('/goals')).toBe(true);
    expect(isAppPath('/nowhere')).toBe(false);
    expect(isAppPath('/login')).toBe(false);
  });
});
