import { Route, Routes } from 'react-router';
import { NotFound } from '@dayframe/web-kit';
import { Placeholder } from './placeholder.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths.
 */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="/settings" element={<Placeholder title="Settings" />} />
      <Route path="/admin" element={<Placeholder title="Admin Panel" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
