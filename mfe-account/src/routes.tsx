import { NotFound, Route, Routes } from '@dayframe/web-kit';
import { SettingsPage } from './features/settings/routes/settings-page.tsx';
import { AdminPage } from './features/admin/routes/admin-page.tsx';
import './styles.css';

/**
 * The one module this remote exposes (`./routes`). The shell mounts it without consuming a path
 * prefix, so the paths here are the product's full paths. Everything renders inside the
 * `.mfe-account` root its stylesheet is scoped to.
 */
export default function AccountRoutes() {
  return (
    <div className="mfe-account">
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
