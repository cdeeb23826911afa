import { lazyScreen } from '../../../shared/lazy-screen.ts';

// The form (editor, tags, mood, prompts, templates) is fetched when New Entry is pressed: the
// journal list, which shares the journal page's module, does not carry it.
export const LazyNewEntryForm = lazyScreen(() => import('./new-entry-form.tsx'), 'NewEntryForm');
