import { describe, expect, it } from 'vitest';
import {
  parseRemoteDescription,
  parseRemotesList,
  remoteDescriptionUrl,
} from './remote-description.ts';

const base = {
  name: 'mfe_goals',
  version: '1.2.3',
  requires: { '@dayframe/web-kit': '^1.0.0' },
  routes: ['/goals', '/goals/*', '/goals/:id/edit'],
  menu: [{ label: 'Goals', path: '/goals', icon: 'target', order: 30 }],
  commands: [{ id: 'goals.new', label: 'New goal', path: '/goals?new=1', keywords: ['add'] }],
};

function problemOf(value: unknown): string | null {
  const parsed = parseRemoteDescription(value);
  return parsed.ok ? null : parsed.problem;
}

describe('a remote description', () => {
  it('reads a full description and fills the defaults of a menu item and a command', () => {
    const parsed = parseRemoteDescription({
      ...base,
      menu: [{ label: 'Goals', path: '/goals' }],
    });
    expect(parsed.ok && parsed.description.menu).toEqual([
      { label: 'Goals', path: '/goals', icon: 'dot', order: 100, adminOnly: false },
    ]);
    expect(parsed.ok && parsed.description.commands[0]).toEqual({
      id: 'goals.new',
      label: 'New goal',
      path: '/goals?new=1',
      keywords: ['add'],
      adminOnly: false,
    });
  });

  it('ignores fields it does not know, at every level, and never keeps them', () => {
    const parsed = parseRemoteDescription({
      ...base,
      theme: 'dark',
      menu: [{ ...base.menu[0], badge: 3 }],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.description).not.toHaveProperty('theme');
    expect(parsed.description.menu[0]).not.toHaveProperty('badge');
  });

  it('drops only the menu items and commands it cannot read', () => {
    const parsed = parseRemoteDescription({
      ...base,
      menu: [{ label: 'Elsewhere', path: 'https://evil.example/' }, ...base.menu],
      commands: [{ id: 'goals.nothing', label: 'Does nothing' }, ...base.commands],
    });
    expect(parsed.ok && parsed.description.menu.map((m) => m.label)).toEqual(['Goals']);
    expect(parsed.ok && parsed.description.commands.map((c) => c.id)).toEqual(['goals.new']);
  });

  it.each([
    ['no routes', { ...base, routes: [] }, 'routes'],
    ['a route claiming the whole app', { ...base, routes: ['/*'] }, 'routes.0'],
    ['the root', { ...base, routes: ['/'] }, 'routes.0'],
    ['a route that is not a path', { ...base, routes: ['goals'] }, 'routes.0'],
    ['a bad name', { ...base, name: 'Goals!' }, 'name'],
    ['a version that is not semver', { ...base, version: 'latest' }, 'version'],
    ['no object at all', 'mfe_goals', 'description'],
  ])('refuses %s', (_, value, path) => {
    expect(problemOf(value)).toMatch(new RegExp(`^${path.replace('.', '\\.')}:`));
  });

  it('lives beside the manifest, wherever that is', () => {
    expect(
      remoteDescriptionUrl('/remotes/mfe-goals/mf-manifest.json', 'http://app.test/goals'),
    ).toBe('http://app.test/remotes/mfe-goals/dayframe-remote.json');
    expect(
      remoteDescriptionUrl(
        'https://cdn.example.com/goals/v43/mf-manifest.json',
        'http://app.test/',
      ),
    ).toBe('https://cdn.example.com/goals/v43/dayframe-remote.json');
  });

  it('trims labels and keywords, and keeps a widget only for a slot it knows', () => {
    const parsed = parseRemoteDescription({
      ...base,
      menu: [{ label: '  Goals  ', path: '/goals', order: 30 }],
      commands: [{ id: 'goals.new', label: 'New goal', action: 'new-goal', keywords: [' add '] }],
      widgets: [
        { id: 'goals.due', module: './dashboard-widgets', slot: 'dashboard' },
        { id: 'goals.side', module: './dashboard-widgets', slot: 'sidebar' },
      ],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.description.menu[0]!.label).toBe('Goals');
    expect(parsed.description.commands[0]).toEqual({
      id: 'goals.new',
      label: 'New goal',
      action: 'new-goal',
      keywords: ['add'],
      adminOnly: false,
    });
    expect(parsed.description.widgets.map((w) => w.id)).toEqual(['goals.due']);
  });

  it.each([
    ['a requirement range of nothing', { ...base, requires: { '@dayframe/web-kit': '' } }],
    ['a menu that is not a list', { ...base, menu: { label: 'Goals' } }],
    ['more than 50 menu items', { ...base, menu: Array(51).fill(base.menu[0]) }],
  ])('refuses %s as a whole', (_, value) => {
    expect(problemOf(value)).not.toBeNull();
  });
});

describe('/remotes.json', () => {
  it('keeps the entries it can use and skips the others', () => {
    expect(
      parseRemotesList({
        remotes: [
          { name: 'mfe_goals', entry: '/remotes/mfe-goals/mf-manifest.json', extra: 1 },
          { name: 'Bad Name', entry: '/x' },
          { name: 'mfe_calendar' },
          'mfe_account',
        ],
      }),
    ).toEqual([{ name: 'mfe_goals', entry: '/remotes/mfe-goals/mf-manifest.json' }]);
  });

  it('is an error without a list of remotes', () => {
    expect(() => parseRemotesList({})).toThrow('/remotes.json is invalid (remotes:');
    expect(() => parseRemotesList([])).toThrow('/remotes.json is invalid');
  });
});
