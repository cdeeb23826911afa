import { Route, Routes } from 'react-router';
import { NotFound } from '@dayframe/web-kit';
import { Placeholder } from './placeholder.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths.
 */
export default function GoalsRoutes() {
  return (
    <Routes>
      <Route path="/goals" element={<Placeholder title="Goals" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
