import { NotFound, Route, Routes } from '@dayframe/web-kit';
import { GoalsPage } from './features/goals/routes/goals-page.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths. The wrapper scopes this remote's
 * stylesheet (see styles.css).
 */
export default function GoalsRoutes() {
  return (
    <div className="mfe-goals">
      <Routes>
        <Route path="/goals" element={<GoalsPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
