import { describe, expect, it } from 'vitest';
import { repoCatalog } from './testing/described-remotes.ts';
import { isDashboardPath, remoteForPath } from './remote-paths.ts';

describe('which remote owns a path, by what the remotes published', () => {
  const { catalog } = repoCatalog();

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
    ['/entry/1', null],
    ['/about', null],
    ['/', null],
  ])('%s → %s', (path, remote) => {
    expect(remoteForPath(path, catalog)).toBe(remote);
  });

  it('knows a route a remote adds in its own deployment, and forgets a remote that failed', () => {
    const { catalog: added } = repoCatalog((remotes) =>
      remotes.map((r) =>
        r.name === 'mfe_goals'
          ? { ...r, description: { ...r.description!, routes: ['/goals', '/milestones/:id'] } }
          : r.name === 'mfe_calendar'
            ? { ...r, description: null }
            : r,
      ),
    );
    expect(remoteForPath('/milestones/7', added)).toBe('mfe_goals');
    expect(remoteForPath('/milestones', added)).toBeNull();
    expect(remoteForPath('/calendar', added)).toBeNull();
    expect(remoteForPath('/journals', added)).toBe('mfe_journals');
  });

  it('gives a path two remotes claim to the one listed first', () => {
    const { catalog: both } = repoCatalog((remotes) =>
      remotes.map((r) =>
        r.name === 'mfe_account'
          ? { ...r, description: { ...r.description!, routes: ['/goals'] } }
          : r,
      ),
    );
    expect(remoteForPath('/goals', both)).toBe('mfe_goals');
  });

  it('counts the dashboard as the shell’s own', () => {
    expect(isDashboardPath('/dashboard')).toBe(true);
    expect(isDashboardPath('/dashboards')).toBe(false);
  });
});
