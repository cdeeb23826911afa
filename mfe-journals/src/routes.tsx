import { Navigate, Route, Routes } from 'react-router';
import { NotFound } from '@dayframe/web-kit';
import { Placeholder } from './placeholder.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths.
 */
export default function JournalsRoutes() {
  return (
    <Routes>
      <Route path="/journals" element={<Placeholder title="My Journals" />} />
      <Route path="/journals/create" element={<Placeholder title="Create a Journal" />} />
      <Route path="/journals/:id" element={<Placeholder title="Journal" />} />
      <Route path="/journals/:id/edit" element={<Placeholder title="Edit Journal" />} />
      <Route path="/journals/:id/entries/:entryId" element={<Placeholder title="Entry" />} />
      <Route path="/entry" element={<Placeholder title="New Entry" />} />
      {/* The landing page's "Create a journal" links here (spec §2). */}
      <Route path="/journals/new" element={<Navigate to="/journals/create" replace />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
