import { NotFound, Route, Routes } from '@dayframe/web-kit';
import { CalendarPage } from './features/calendar/routes/calendar-page.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths. The wrapper scopes this remote's
 * stylesheet (see styles.css).
 */
export default function CalendarRoutes() {
  return (
    <div className="mfe-calendar">
      <Routes>
        <Route path="/calendar" element={<CalendarPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
