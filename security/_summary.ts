// The attack ledger every security suite writes to. Test files run in separate processes, so
// each attack goes to the run's summary file (test-kit), and the run's reporter prints one table
// of attacks tried and refused, beside the resilience suites' faults.
import { recordAttacks } from '@dayframe/test-kit';

/** Counts one attack of `kind`, and whether the application refused it as it should. */
export function recordAttack(kind: string, refused: boolean): void {
  recordAttacks(kind, 1, refused ? 1 : 0);
}

/** Runs `attempt` (which asserts), counting it as refused when every assertion held. */
export async function attack<T>(kind: string, attempt: () => Promise<T>): Promise<T> {
  try {
    const result = await attempt();
    recordAttack(kind, true);
    return result;
  } catch (error) {
    recordAttack(kind, false);
    throw error;
  }
}
