import { describe, expect, it } from 'vitest';
import { lifecycle } from './lifecycle.ts';

describe('the embedded lifecycle', () => {
  it('starts parts in order, readies them after all have started, and stops them in reverse', async () => {
    const steps: string[] = [];
    const life = lifecycle();
    for (const name of ['db', 'identity', 'jobs']) {
      life.add({
        start: async () => void steps.push(`start ${name}`),
        ready: () => void steps.push(`ready ${name}`),
        stop: async () => void steps.push(`stop ${name}`),
      });
    }
    life.add({ stop: () => void steps.push('stop only') });
    await life.start();
    await life.stop();
    expect(steps).toEqual([
      'start db',
      'start identity',
      'start jobs',
      'ready db',
      'ready identity',
      'ready jobs',
      'stop only',
      'stop jobs',
      'stop identity',
      'stop db',
    ]);
  });

  it('waits for each start before the next', async () => {
    const steps: string[] = [];
    const life = lifecycle();
    life.add({
      start: () => new Promise((resolve) => setImmediate(() => resolve(void steps.push('slow')))),
    });
    life.add({ start: async () => void steps.push('next') });
    await life.start();
    expect(steps).toEqual(['slow', 'next']);
  });
});
