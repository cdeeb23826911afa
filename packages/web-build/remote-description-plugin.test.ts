import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES } from '@dayframe/contracts';
import { REPO_ROOT, tempDataDir } from '@dayframe/test-kit';
import { buildRemoteDescription } from './remote-description-plugin.ts';

const requires = { '@dayframe/web-kit': '^1.0.0' };

describe('the description a remote build publishes', () => {
  it.each(REMOTES.map((remote) => [remote.name, remote.dir]))(
    '%s: its src/remote.json fits the contract and gets the version and requirements',
    (name, dir) => {
      const description = buildRemoteDescription({
        source: join(REPO_ROOT, dir, 'src', 'remote.json'),
        name,
        version: '0.1.0',
        requires,
      });
      expect(description).toMatchObject({ name, version: '0.1.0', requires });
      expect(description.routes.length).toBeGreaterThan(0);
      expect(description.menu.length).toBeGreaterThan(0);
      expect(description.commands.length).toBeGreaterThan(0);
    },
  );

  it('fails the build on a description that breaks the contract or names another remote', () => {
    const work = tempDataDir();
    try {
      const source = join(work.dir, 'remote.json');
      writeFileSync(source, JSON.stringify({ name: 'mfe_goals', routes: ['/*'] }));
      expect(() =>
        buildRemoteDescription({ source, name: 'mfe_goals', version: '1.0.0', requires }),
      ).toThrow(/routes\.0/);
      writeFileSync(source, JSON.stringify({ name: 'mfe_goals', routes: ['/goals'] }));
      expect(() =>
        buildRemoteDescription({ source, name: 'mfe_calendar', version: '1.0.0', requires }),
      ).toThrow(/federation name is mfe_calendar/);
    } finally {
      work.remove();
    }
  });
});
