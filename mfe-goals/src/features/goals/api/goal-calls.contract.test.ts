import { describe, expect, it } from 'vitest';
import { goal, goalList, messageResponse } from '@dayframe/contracts';
import { remoteCallsForSuite } from '@dayframe/e2e-kit';
import {
  completeGoal,
  createGoal,
  deleteGoal,
  listCompletedGoals,
  listDueGoals,
} from './goal-calls.ts';

/** This remote's own calls, as the screen sends them, against the real goals service. */
describe('mfe-goals calls against the goals service', () => {
  remoteCallsForSuite({ name: 'Gina', email: 'gina@example.com' });

  it('creates, lists, completes and deletes a goal; every answer fits the contract', async () => {
    const created = goal.parse(
      await createGoal({
        title: 'Swim 2 km',
        description: 'Open water.',
        dateDue: '2031-06-01',
        dateSet: '2031-05-01',
      }),
    );
    expect(created).toMatchObject({ title: 'Swim 2 km', dateDue: '2031-06-01', completed: false });

    const due = goalList.parse(await listDueGoals());
    expect(due.map((g) => g._id)).toEqual([created._id]);

    const completed = goal.parse(await completeGoal(created._id, '2031-05-20'));
    expect(completed).toMatchObject({ completed: true, dateComplete: '2031-05-20' });
    expect(goalList.parse(await listCompletedGoals()).map((g) => g._id)).toEqual([created._id]);
    expect(goalList.parse(await listDueGoals())).toEqual([]);

    messageResponse.parse(await deleteGoal(created._id));
    expect(goalList.parse(await listCompletedGoals())).toEqual([]);
  });
});
