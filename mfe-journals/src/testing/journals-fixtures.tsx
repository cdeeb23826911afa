import type { Entry, Journal } from '@dayframe/contracts';
import { renderRoutes } from '@dayframe/web-kit/testing';
import JournalsRoutes, { preloadScreens } from '../routes.tsx';

// The screens fetched on demand are fetched before any test renders them.
await preloadScreens();

/** This remote's routes at `path`, as the shell mounts them, with the toaster. */
export function renderJournals(path: string) {
  return renderRoutes(path, <JournalsRoutes />);
}

export function aJournal(overrides: Partial<Journal> = {}): Journal {
  return {
    _id: 'j1',
    title: 'Morning pages',
    description: 'First thing, every day',
    createdAt: '2026-11-05T09:30:00.000Z',
    numEntries: 0,
    template: '',
    ...overrides,
  };
}

export function anEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    _id: 'e1',
    journalId: 'j1',
    title: 'Rain',
    content: 'It rained all day.',
    date: '2026-11-05',
    type: 'entry',
    tags: [],
    mood: null,
    starred: false,
    ...overrides,
  };
}
