import { ShieldIcon, Link } from '@dayframe/web-kit';

/** Spec §2, §6: what a signed-in user without the admin role sees at /admin. */
export function AccessDenied() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <div className="card w-full max-w-md border border-base-300/70 bg-base-100 text-center shadow-sm">
        <div className="card-body items-center p-8">
          <span className="grid size-14 place-items-center rounded-full bg-error/10 text-error">
            <ShieldIcon className="size-7" />
          </span>
          <h1 className="mt-3 text-2xl font-bold tracking-tight">Access Denied</h1>
          <p className="text-base-content/70">
            The admin panel is only open to administrators. If you think you should have access, ask
            an admin of this Dayframe.
          </p>
          <Link to="/dashboard" className="btn btn-primary mt-4">
            Go to Dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
