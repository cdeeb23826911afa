import { NotFound, Navigate, Route, Routes } from '@dayframe/web-kit';
import { JournalsPage } from './features/journals/routes/journals-page.tsx';
import { CreateJournalPage } from './features/journals/routes/create-journal-page.tsx';
import { JournalPage } from './features/journals/routes/journal-page.tsx';
import { EditJournalPage } from './features/journals/routes/edit-journal-page.tsx';
import { EntryPage } from './features/entries/routes/entry-page.tsx';
import { QuickEntryPage } from './features/entries/routes/quick-entry-page.tsx';
import { SearchPage } from './features/search/routes/search-page.tsx';
import { TagsPage } from './features/tags/routes/tags-page.tsx';
import { TagPage } from './features/tags/routes/tag-page.tsx';
import { StarredPage } from './features/tags/routes/starred-page.tsx';
import { prefetchJournals } from './features/journals/api/journals-calls.ts';
import './styles.css';

// A page that opens on the list asks for it as this module arrives, not once the shell has
// rendered the screen, so the request does not wait behind the first render.
if (globalThis.location?.pathname === '/journals') prefetchJournals();

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths. The wrapper scopes this remote's
 * stylesheet (see styles.css).
 */
export default function JournalsRoutes() {
  return (
    <div className="mfe-journals">
      <Routes>
        <Route path="/journals" element={<JournalsPage />} />
        <Route path="/journals/create" element={<CreateJournalPage />} />
        {/* The landing page's "Create a journal" links here (spec §2). */}
        <Route path="/journals/new" element={<Navigate to="/journals/create" replace />} />
        <Route path="/journals/:id" element={<JournalPage />} />
        <Route path="/journals/:id/edit" element={<EditJournalPage />} />
        <Route path="/journals/:id/entries/:entryId" element={<EntryPage />} />
        <Route path="/entry" element={<QuickEntryPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/tags" element={<TagsPage />} />
        <Route path="/tags/:tag" element={<TagPage />} />
        <Route path="/starred" element={<StarredPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
