// The attack ledger every security suite writes to. Test files run in separate processes, so
// each attack goes to the run's summary file (test-kit), and the run's reporter prints one table
// of attacks tried and refused, beside the resilience suites' faults.
import { recordAttacks } from '@dayframe/test-kit';

/**
 * Counts one attack of `kind`, whether the application refused it as it should and, when the
 * suite checked, whether nothing had changed afterwards.
 */
export function recordAttack(kind: string, refused: boolean, unchanged?: boolean): void {
  recordAttacks(kind, 1, refused ? 1 : 0, unchanged === undefined ? undefined : unchanged ? 1 : 0);
}

/**
 * Runs `attempt` (which asserts), counting it as refused when every assertion held. With
 * `nothingChanged` (which asserts too), the state is checked afterwards and the ledger says so.
 */
export async function attack<T>(
  kind: string,
  attempt: () => Promise<T>,
  nothingChanged?: () => Promise<void>,
): Promise<T> {
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    recordAttack(kind, false, nothingChanged ? false : undefined);
    throw error;
  }
  if (!nothingChanged) {
    recordAttack(kind, true);
    return result;
  }
  try {
    await nothingChanged();
  } catch (error) {
    recordAttack(kind, true, false);
    throw error;
  }
  recordAttack(kind, true, true);
  return result;
}
