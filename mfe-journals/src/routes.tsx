import { Suspense } from 'react';
import { NotFound, Navigate, PageSpinner, Route, Routes } from '@dayframe/web-kit';
import { JournalsPage } from './features/journals/routes/journals-page.tsx';
import { JournalPage } from './features/journals/routes/journal-page.tsx';
import { LazyNewEntryForm } from './features/journals/components/lazy-new-entry-form.ts';
import { lazyScreen } from './shared/lazy-screen.ts';
import { prefetchJournals } from './features/journals/api/journals-calls.ts';
import './styles.css';

// A page that opens on the list asks for it as this module arrives, not once the shell has
// rendered the screen, so the request does not wait behind the first render.
if (globalThis.location?.pathname === '/journals') prefetchJournals();

// The list and a journal's page are in this module; every other screen is a chunk of its own,
// fetched when it is opened, so the editor, tags, history, prompts and templates do not weigh on
// the journal list (bench/RESULTS.md, "Issue 25"; package.json's `sideEffects` lets the bundler
// leave out what a feature's mod.ts re-exports and this module does not use).
const CreateJournalPage = lazyScreen(
  () => import('./features/journals/routes/create-journal-page.tsx'),
  'CreateJournalPage',
);
const EditJournalPage = lazyScreen(
  () => import('./features/journals/routes/edit-journal-page.tsx'),
  'EditJournalPage',
);
const JournalMediaPage = lazyScreen(
  () => import('./features/journals/routes/journal-media-page.tsx'),
  'JournalMediaPage',
);
const EntryPage = lazyScreen(() => import('./features/entries/routes/entry-page.tsx'), 'EntryPage');
const QuickEntryPage = lazyScreen(
  () => import('./features/entries/routes/quick-entry-page.tsx'),
  'QuickEntryPage',
);
const SearchPage = lazyScreen(
  () => import('./features/search/routes/search-page.tsx'),
  'SearchPage',
);
const TagsPage = lazyScreen(() => import('./features/tags/routes/tags-page.tsx'), 'TagsPage');
const TagPage = lazyScreen(() => import('./features/tags/routes/tag-page.tsx'), 'TagPage');
const StarredPage = lazyScreen(
  () => import('./features/tags/routes/starred-page.tsx'),
  'StarredPage',
);

/** Every screen this remote fetches on demand, fetched now (tests render them at once). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(
    [
      CreateJournalPage,
      EditJournalPage,
      JournalMediaPage,
      EntryPage,
      QuickEntryPage,
      SearchPage,
      TagsPage,
      TagPage,
      StarredPage,
      LazyNewEntryForm,
    ].map((screen) => screen.preload()),
  );
}

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths. The wrapper scopes this remote's
 * stylesheet (see styles.css).
 */
export default function JournalsRoutes() {
  return (
    <div className="mfe-journals">
      <Suspense fallback={<PageSpinner label="Loading…" />}>
        <Routes>
          <Route path="/journals" element={<JournalsPage />} />
          <Route path="/journals/create" element={<CreateJournalPage />} />
          {/* The landing page's "Create a journal" links here (spec §2). */}
          <Route path="/journals/new" element={<Navigate to="/journals/create" replace />} />
          <Route path="/journals/:id" element={<JournalPage />} />
          <Route path="/journals/:id/edit" element={<EditJournalPage />} />
          <Route path="/journals/:id/media" element={<JournalMediaPage />} />
          <Route path="/journals/:id/entries/:entryId" element={<EntryPage />} />
          <Route path="/entry" element={<QuickEntryPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/tags" element={<TagsPage />} />
          <Route path="/tags/:tag" element={<TagPage />} />
          <Route path="/starred" element={<StarredPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
