import { describe, expect, it } from 'vitest';
import { PROCESSES, REDIS_USERS, SERVICES, callsOf, serviceForPath } from './mod.ts';

describe('the service catalog', () => {
  it('routes every prefix to the one service that lists it', () => {
    for (const row of SERVICES) {
      for (const prefix of row.apiPrefixes) {
        expect(serviceForPath(prefix)).toBe(row.name);
        expect(serviceForPath(`${prefix}/anything`)).toBe(row.name);
      }
    }
    expect(serviceForPath('/api/goalsx')).toBeNull();
    expect(serviceForPath('/api')).toBeNull();
    expect(serviceForPath('/internal/session')).toBeNull();
  });

  it('gives every process its own name and port, and every service its own URL variable', () => {
    expect(new Set(PROCESSES.map((p) => p.name)).size).toBe(PROCESSES.length);
    expect(new Set(PROCESSES.map((p) => p.port)).size).toBe(PROCESSES.length);
    expect(new Set(SERVICES.map((s) => s.urlVar)).size).toBe(SERVICES.length);
  });

  it('says what each process that uses Redis does there, and only for those', () => {
    expect([...REDIS_USERS].sort()).toEqual(
      PROCESSES.filter((p) => p.usesRedis)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('starts a service after every service it calls', () => {
    const started = new Set<string>();
    for (const row of SERVICES) {
      for (const callee of row.calls)
        expect(started, `${row.name} calls ${callee}`).toContain(callee);
      started.add(row.name);
    }
  });

  it('names the URL variables of the services a service calls', () => {
    expect(callsOf('calendar')).toEqual([
      { name: 'identity', urlVar: 'IDENTITY_URL' },
      { name: 'journals', urlVar: 'JOURNALS_URL' },
      { name: 'goals', urlVar: 'GOALS_URL' },
    ]);
  });
});

describe('which service answers a path', () => {
  it('sends each search to the service that owns the rows, and insights to journals', () => {
    expect(serviceForPath('/api/search/entries')).toBe('journals');
    expect(serviceForPath('/api/search/goals')).toBe('goals');
    expect(serviceForPath('/api/insights/on-this-day')).toBe('journals');
    expect(serviceForPath('/api/insights/writing')).toBe('journals');
    expect(serviceForPath('/api/search')).toBeNull();
    expect(serviceForPath('/api/search/everything')).toBeNull();
    expect(serviceForPath('/api/search/entriesx')).toBeNull();
  });
});
