import { Link, useNavigate } from './router.ts';

/** Spec §2: the 404 page. Shared so a remote's unknown sub-path looks the same as the shell's. */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <p className="text-7xl font-black tracking-tight text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-base-content/70">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* data-action: the prerendered 404 page's script (shell/public/public-pages.js) does the same. */}
        <button
          type="button"
          data-action="back"
          className="btn btn-outline"
          onClick={() => navigate(-1)}
        >
          Go back
        </button>
        <Link to="/" className="btn btn-primary">
          Home
        </Link>
        <Link to="/dashboard" className="btn btn-ghost">
          Dashboard
        </Link>
        <Link to="/contact" className="btn btn-ghost">
          Contact support
        </Link>
      </div>
    </section>
  );
}
