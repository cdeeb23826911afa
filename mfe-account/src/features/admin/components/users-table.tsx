import { CheckIcon, CloseIcon, ShieldIcon, formatDate } from '@dayframe/web-kit';
import { roleOf, secondFactorOf, type ListedUser } from '../users-view.ts';
import { DeleteUserButton } from './delete-user-button.tsx';
import { useWideScreen } from './use-wide-screen.ts';

type Props = {
  users: readonly ListedUser[];
  myId: string | undefined;
  onDelete: (user: ListedUser) => void;
};

function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/10 text-sm font-semibold uppercase text-primary"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

function RoleBadge({ user }: { user: ListedUser }) {
  const role = roleOf(user);
  return (
    <span
      className={`badge badge-sm font-medium ${role === 'admin' ? 'badge-primary' : 'badge-ghost'}`}
    >
      {role}
    </span>
  );
}

/** Spec §2: a check or a cross, with words for screen readers. */
export function VerifiedMark({
  verified,
  showText = false,
}: {
  verified: boolean;
  showText?: boolean;
}) {
  const text = verified ? 'Verified' : 'Not verified';
  return (
    <span
      className={`inline-flex items-center gap-1 ${verified ? 'text-success' : 'text-error'}`}
      title={text}
    >
      {verified ? (
        <CheckIcon className="size-5" strokeWidth={2.25} />
      ) : (
        <CloseIcon className="size-5" strokeWidth={2.25} />
      )}
      <span className={showText ? 'font-medium' : 'sr-only'}>{text}</span>
    </span>
  );
}

/**
 * Issue 28: whether an authenticator app or a passkey guards the account. The words are the
 * badge's own text (the column header, or the card's label, says what they are about); the
 * shield only repeats them for the eye.
 */
export function SecondFactorBadge({ user }: { user: ListedUser }) {
  const state = secondFactorOf(user);
  if (state === null)
    return (
      <span className="text-base-content/50" title="Not known">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not known</span>
      </span>
    );
  const on = state === 'On';
  return (
    <span
      className={`badge badge-sm gap-1 font-medium ${on ? 'badge-success badge-soft' : 'badge-ghost text-base-content/70'}`}
      title={on ? 'An authenticator app or a passkey' : 'Password only'}
      data-second-factor={on ? 'on' : 'off'}
    >
      {on ? <ShieldIcon className="size-3.5" strokeWidth={2.25} /> : null}
      {state}
    </span>
  );
}

function You({ user, myId }: { user: ListedUser; myId: string | undefined }) {
  return user._id === myId ? (
    <span className="badge badge-outline badge-xs ml-1.5 align-middle">you</span>
  ) : null;
}

/** The users of one page: a table where it fits, a list of cards on narrower screens. */
export function UsersTable({ users, myId, onDelete }: Props) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="divide-y divide-base-300/70" aria-label="Users">
        {users.map((user) => (
          <li key={user._id} className="flex gap-3 px-4 py-4">
            <Initial name={user.name} />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {user.name}
                    <You user={user} myId={myId} />
                  </p>
                  <p className="truncate text-sm text-base-content/70">{user.email}</p>
                </div>
                <DeleteUserButton user={user} myId={myId} onDelete={onDelete} />
              </div>
              <dl className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-base-content/70">
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Role</dt>
                  <dd>
                    <RoleBadge user={user} />
                  </dd>
                </div>
                <div className="flex items-center gap-1">
                  <dt>Created</dt>
                  <dd className="font-medium text-base-content/80">{formatDate(user.createdAt)}</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>Second factor</dt>
                  <dd>
                    <SecondFactorBadge user={user} />
                  </dd>
                </div>
                <div className="flex items-center gap-1">
                  <dt className="sr-only">Status</dt>
                  <dd className="flex items-center gap-1">
                    <VerifiedMark verified={user.verified} showText />
                  </dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead>
          <tr className="text-xs uppercase tracking-wide text-base-content/60">
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Created</th>
            <th scope="col" className="text-center">
              Verified
            </th>
            <th scope="col" className="whitespace-nowrap text-center">
              Second factor
            </th>
            <th scope="col" className="text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id} className="hover:bg-base-200/50">
              <th scope="row" className="font-normal">
                <div className="flex items-center gap-3">
                  <Initial name={user.name} />
                  <span className="font-medium">
                    {user.name}
                    <You user={user} myId={myId} />
                  </span>
                </div>
              </th>
              <td className="max-w-64 truncate text-base-content/80">{user.email}</td>
              <td>
                <RoleBadge user={user} />
              </td>
              <td className="whitespace-nowrap text-base-content/80">
                {formatDate(user.createdAt)}
              </td>
              <td className="text-center">
                <VerifiedMark verified={user.verified} />
              </td>
              <td className="text-center">
                <SecondFactorBadge user={user} />
              </td>
              <td className="text-right">
                <DeleteUserButton user={user} myId={myId} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
