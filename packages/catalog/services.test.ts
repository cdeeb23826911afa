import { describe, expect, it } from 'vitest';
import {
  PROCESSES,
  REDIS_USERS,
  SERVICES,
  callsOf,
  internalCallers,
  internalCallersOf,
  serviceForPath,
  type ServiceName,
} from './mod.ts';

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

describe('who may call an internal endpoint', () => {
  it('allows only services that list the callee in `calls`, and each call is used', () => {
    for (const callee of SERVICES) {
      for (const [endpoint, callers] of Object.entries(callee.internal)) {
        for (const caller of callers as readonly ServiceName[]) {
          const row = SERVICES.find((s) => s.name === caller);
          expect(row?.calls ?? [], `${caller} may call ${callee.name} ${endpoint}`).toContain(
            callee.name,
          );
        }
      }
    }
    for (const caller of SERVICES) {
      for (const callee of caller.calls as readonly ServiceName[])
        expect(internalCallersOf(callee), `${caller.name} calls ${callee}`).toContain(caller.name);
    }
  });

  it('answers by method and exact path, HEAD as GET, nothing for an endpoint not listed', () => {
    expect(internalCallers('identity', 'POST', '/internal/users/existing')).toEqual([
      'journals',
      'goals',
      'media',
      'reminders',
    ]);
    expect(internalCallers('identity', 'POST', '/internal/users/mail-address')).toEqual([
      'reminders',
    ]);
    expect(internalCallers('journals', 'POST', '/internal/entries/written-on')).toEqual([
      'reminders',
    ]);
    expect(internalCallers('journals', 'POST', '/internal/entries/summaries')).toEqual([
      'reminders',
    ]);
    expect(internalCallers('journals', 'POST', '/internal/entries/week')).toEqual(['reminders']);
    expect(internalCallers('goals', 'POST', '/internal/goals/due')).toEqual(['reminders']);
    expect(internalCallers('goals', 'POST', '/internal/goals/completed-count')).toEqual([
      'reminders',
    ]);
    expect(internalCallers('journals', 'HEAD', '/internal/calendar-window')).toEqual(['calendar']);
    expect(internalCallers('journals', 'GET', '/internal/import')).toEqual([]);
    expect(internalCallers('journals', 'GET', '/internal/export/')).toEqual([]);
    expect(internalCallers('journals', 'GET', '/internal/constructor')).toEqual([]);
    expect(internalCallers('nobody', 'GET', '/internal/session')).toEqual([]);
    // In catalog order: media comes before the archive, which calls it.
    expect(internalCallersOf('identity')).toEqual([
      'journals',
      'goals',
      'calendar',
      'media',
      'archive',
      'reminders',
    ]);
    expect(internalCallersOf('journals')).toEqual(['calendar', 'media', 'archive', 'reminders']);
    expect(internalCallersOf('goals')).toEqual(['calendar', 'archive', 'reminders']);
    expect(internalCallersOf('media')).toEqual(['archive']);
    expect(internalCallers('media', 'GET', '/internal/export/file')).toEqual(['archive']);
    expect(internalCallersOf('calendar')).toEqual([]);
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

  it('sends tags, the starred list and mood insights to journals (issue 25)', () => {
    expect(serviceForPath('/api/tags')).toBe('journals');
    expect(serviceForPath('/api/tags/travel/entries')).toBe('journals');
    expect(serviceForPath('/api/entries/starred')).toBe('journals');
    expect(serviceForPath('/api/insights/mood')).toBe('journals');
    expect(serviceForPath('/api/tagsx')).toBeNull();
    expect(serviceForPath('/api/entriesx')).toBeNull();
  });
});
