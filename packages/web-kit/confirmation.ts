import { CONFIRMATION_HEADER, MESSAGES, REAUTH_REQUIRED } from '@dayframe/contracts';
import { ApiError, isApiError } from './api-error.ts';

/**
 * Step-up (issue 24): deleting the account, exporting and an admin deleting users answer 403
 * `reauth_required` until the person confirms it is them (password or mailed code). The
 * confirmation the server answers is kept here, in this module's memory only: never in local
 * storage beside the session token, so a token copied from there comes without it. A reload
 * forgets it (the next guarded action asks again); so does signing out.
 */

/** The code of the error a guarded call rejects with when the person closed the dialog. */
export const CONFIRMATION_CANCELLED = 'reauth_cancelled';

/** Sent this long before its expiry at the latest: a confirmation about to lapse is asked anew. */
const MARGIN_MS = 15_000;

let held: { value: string; expiresAt: number } | null = null;
/** Asks the person; `opener` is what had focus when the guarded call began, for focus to go back. */
type Asker = (opener: HTMLElement | null) => Promise<boolean>;
let ask: Asker | null = null;
let asking: Promise<boolean> | null = null;

/** Keeps the confirmation `POST /auth/confirm` answered, until `expiresAt` (ISO). */
export function holdConfirmation(value: string, expiresAt: string): void {
  held = { value, expiresAt: Date.parse(expiresAt) };
}

/** Drops the confirmation held (signing out, or the server refused it). */
export function forgetConfirmation(): void {
  held = null;
}

function heldHeaders(): Record<string, string> | null {
  if (!held || Date.now() > held.expiresAt - MARGIN_MS) return null;
  return { [CONFIRMATION_HEADER]: held.value };
}

/**
 * Who asks the person: the one `ConfirmItsYou` dialog of the page registers itself, and answers
 * true once a confirmation is held, false when the person cancelled. Returns the unregister.
 */
export function setConfirmationAsker(asker: Asker): () => void {
  ask = asker;
  return () => {
    if (ask === asker) ask = null;
  };
}

/** Asks once however many guarded calls wait at the same time. */
function askThePerson(opener: HTMLElement | null): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  asking ??= ask(opener).finally(() => {
    asking = null;
  });
  return asking;
}

/** True when a call was refused for want of a confirmation. */
export function isReauthRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.code === REAUTH_REQUIRED;
}

/**
 * Runs a guarded call: `attempt` gets the headers to send (none, then the held confirmation).
 * When it is refused with `reauth_required`, it is tried with the confirmation held, or the
 * dialog asks for one and it runs again at once, so the person never presses the button twice.
 * The refusal comes before the server changes anything, so running it again is safe. Closing
 * the dialog rejects with an {@link ApiError} whose code is {@link CONFIRMATION_CANCELLED}
 * (`useSubmit` shows no toast for it: the person chose not to).
 *
 * @example
 * const response = await withConfirmation((headers) => fetch('/api/export', { headers }));
 */
export async function withConfirmation<T>(
  attempt: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  // Taken before the first wait: the button pressed still has focus (its busy state, which
  // disables it, has not rendered yet).
  const opener =
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null;
  try {
    return await attempt({});
  } catch (error) {
    if (!isReauthRequired(error)) throw error;
  }
  const known = heldHeaders();
  if (known) {
    try {
      return await attempt(known);
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
      forgetConfirmation(); // its session moved on (password changed, signed in again)
    }
  }
  if (!(await askThePerson(opener)) || !heldHeaders())
    throw new ApiError(403, MESSAGES.reauthRequired, CONFIRMATION_CANCELLED, true);
  return attempt(heldHeaders()!);
}
