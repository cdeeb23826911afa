import type { ConfirmResponse } from '@dayframe/contracts';
import { api } from '../api-client.ts';
import { holdConfirmation, setConfirmationAsker } from '../confirmation.ts';

/**
 * Answers every "Confirm it's you" with `password`, as a person typing it into the dialog would:
 * for contract tests that run a remote's calls in Node, where no dialog is rendered. The guarded
 * call is refused, confirmed through the real `POST /auth/confirm`, and sent again, as on the
 * page. Returns the undo.
 *
 * @example
 * const undo = confirmWithPassword('correct horse battery');
 * await deleteAccount();
 */
export function confirmWithPassword(password: string): () => void {
  return setConfirmationAsker(async () => {
    const answer = await api.post<ConfirmResponse>('/auth/confirm', { password });
    holdConfirmation(answer.confirmation, answer.expiresAt);
    return true;
  });
}
