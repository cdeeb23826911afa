import { BackLink, BookIcon, EmptyState, Link } from '@dayframe/web-kit';
import { JOURNALS_TEXT } from '../messages.ts';

/** Shown for an unknown id and for another user's journal alike: the API answers 404 for both. */
export function JournalNotFound() {
  return (
    <div>
      <BackLink to="/journals">All journals</BackLink>
      <EmptyState
        role="alert"
        tone="error"
        icon={BookIcon}
        title={JOURNALS_TEXT.notFound}
        text="It may have been deleted, or the link is wrong."
        action={
          <Link to="/journals" className="btn btn-primary">
            Go to My Journals
          </Link>
        }
      />
    </div>
  );
}
