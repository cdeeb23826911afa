import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal } from '@dayframe/contracts';
import { localToday } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastMessages as toasts } from '@dayframe/web-kit/testing';
import { GoalsPage } from './goals-page.tsx';

const renderGoals = (path = '/goals') => renderAt(path, { '/goals': <GoalsPage /> });

function goal(overrides: Partial<Goal> & { _id: string }): Goal {
  return {
    title: 'Run a half marathon',
    description: 'Under two hours.',
    completed: false,
    dateSet: '2026-11-01',
    dateDue: '2026-12-05',
    dateComplete: null,
    ...overrides,
  };
}

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('the goals screen', () => {
  it('shows both empty states and the past count once both lists have loaded', async () => {
    const api = fakeApi({ 'GET /goals/due': [200, []], 'GET /goals/completed': [200, []] });
    const user = userEvent.setup();
    renderGoals();
    expect(screen.getByRole('heading', { level: 1, name: 'Goals' })).toBeTruthy();
    expect(await screen.findByText('No goals yet. Start by creating one!')).toBeTruthy();
    expect(api.callsTo('GET /goals/due')).toHaveLength(1);
    expect(api.callsTo('GET /goals/completed')).toHaveLength(1);

    // Past Goals is collapsed until asked for, and says how many it holds.
    const toggle = screen.getByRole('button', { name: /Past Goals/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('0');
    expect(screen.queryByText('No goals here. How about you complete one!')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('No goals here. How about you complete one!')).toBeTruthy();
  });

  it('shows active cards with their fallbacks and past cards struck through with both dates', async () => {
    fakeApi({
      'GET /goals/due': [
        200,
        [goal({ _id: 'a1' }), goal({ _id: 'a2', title: '  ', description: '', dateDue: '' })],
      ],
      'GET /goals/completed': [
        200,
        [
          goal({
            _id: 'p1',
            title: 'Read 12 books',
            completed: true,
            dateDue: '2026-11-30',
            dateComplete: '2026-11-05',
          }),
        ],
      ],
    });
    const user = userEvent.setup();
    renderGoals();
    expect(await screen.findByText('Run a half marathon')).toBeTruthy();
    expect(screen.getByText('Due Dec 05, 2026')).toBeTruthy();
    expect(screen.getByText('Untitled Goal')).toBeTruthy();
    expect(screen.getByText('No description provided.')).toBeTruthy();
    expect(screen.getByText('No due date')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete "Run a half marathon"' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete "Run a half marathon"' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete "Untitled Goal"' })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: /Past Goals/ });
    expect(toggle.textContent).toContain('1');
    await user.click(toggle);
    const title = screen.getByText('Read 12 books');
    expect(title.className).toContain('line-through');
    const card = title.closest('li')!;
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).getByText('Completed: Nov 05, 2026')).toBeTruthy();
    expect(within(card).getByText('Due: Nov 30, 2026')).toBeTruthy();
    // Only a delete button on a past goal.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Delete "Read 12 books"']);
  });

  it('completes a goal on the local today after Yes, reloading both lists; No sends nothing', async () => {
    let done = false;
    const api = fakeApi({
      'GET /goals/due': () => [200, done ? [] : [goal({ _id: 'a1' })]],
      'GET /goals/completed': () => [
        200,
        done ? [goal({ _id: 'a1', completed: true, dateComplete: localToday() })] : [],
      ],
      'PUT /goals/a1/complete': () => {
        done = true;
        return [200, goal({ _id: 'a1', completed: true, dateComplete: localToday() })];
      },
    });
    const user = userEvent.setup();
    renderGoals();
    const complete = await screen.findByRole('button', {
      name: 'Complete "Run a half marathon"',
    });
    await user.click(complete);
    let dialog = screen.getByRole('alertdialog', { name: 'Complete goal?' });
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('PUT /goals/a1/complete')).toHaveLength(0);

    await user.click(complete);
    dialog = screen.getByRole('alertdialog', { name: 'Complete goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toasts('success')).toContain('Successfully completed goal'));
    expect(api.callsTo('PUT /goals/a1/complete')[0]!.body).toEqual({ currentDate: localToday() });
    expect(await screen.findByText('No goals yet. Start by creating one!')).toBeTruthy();
    expect(api.callsTo('GET /goals/due')).toHaveLength(2);
    expect(api.callsTo('GET /goals/completed')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Past Goals/ }).textContent).toContain('1');
  });

  it('deletes a goal after Confirm and reloads both lists; Cancel keeps it', async () => {
    let gone = false;
    const api = fakeApi({
      'GET /goals/due': () => [200, gone ? [] : [goal({ _id: 'a1' })]],
      'GET /goals/completed': [200, []],
      'DELETE /goals/a1': () => {
        gone = true;
        return [200, { message: 'Goal deleted' }];
      },
    });
    const user = userEvent.setup();
    renderGoals();
    const remove = await screen.findByRole('button', { name: 'Delete "Run a half marathon"' });
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /goals/a1')).toHaveLength(0);

    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts('success')).toContain('Successfully deleted goal'));
    expect(await screen.findByText('No goals yet. Start by creating one!')).toBeTruthy();
    expect(api.callsTo('GET /goals/due')).toHaveLength(2);
    expect(api.callsTo('GET /goals/completed')).toHaveLength(2);
    // The card is gone; focus lands on the list's heading rather than nowhere.
    expect(document.activeElement?.textContent).toBe('Active Goals');
  });

  it('deletes a past goal from the Past Goals list', async () => {
    const api = fakeApi({
      'GET /goals/due': [200, []],
      'GET /goals/completed': [
        200,
        [goal({ _id: 'p1', completed: true, dateComplete: '2026-11-02' })],
      ],
      'DELETE /goals/p1': [200, { message: 'Goal deleted' }],
    });
    const user = userEvent.setup();
    renderGoals();
    await user.click(await screen.findByRole('button', { name: /Past Goals/ }));
    await user.click(screen.getByRole('button', { name: 'Delete "Run a half marathon"' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('DELETE /goals/p1')).toHaveLength(1));
  });

  it('says so when a list, a completion or a deletion fails', async () => {
    quiet();
    const api = fakeApi({
      'GET /goals/due': [200, [goal({ _id: 'a1' })]],
      'GET /goals/completed': [500, { message: 'boom' }],
      'PUT /goals/a1/complete': [500, { message: 'boom' }],
      'DELETE /goals/a1': [404, { message: 'Goal not found' }],
    });
    const user = userEvent.setup();
    renderGoals();
    await screen.findByText('Run a half marathon');
    await waitFor(() => expect(toasts('error')).toEqual(["Couldn't load goals"]));

    await user.click(screen.getByRole('button', { name: 'Complete "Run a half marathon"' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toasts('error')).toContain("Couldn't complete goal"));
    expect(toasts('success')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete "Run a half marathon"' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts('error')).toContain("Couldn't delete goal"));
    expect(toasts('success')).toEqual([]);
    expect(api.callsTo('DELETE /goals/a1')).toHaveLength(1);
  });

  it('shows one message when both lists fail, and Try again asks for both again', async () => {
    quiet();
    let asked = 0;
    const api = fakeApi({
      'GET /goals/due': () =>
        ++asked === 1 ? [500, { message: 'boom' }] : [200, [goal({ _id: 'a1' })]],
      'GET /goals/completed': () => (asked === 1 ? [500, { message: 'boom' }] : [200, []]),
    });
    renderGoals();
    await waitFor(() => expect(toasts('error')).toEqual(["Couldn't load goals"]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Run a half marathon')).toBeTruthy();
    expect(api.callsTo('GET /goals/completed')).toHaveLength(2);
    expect(toasts('error')).toEqual(["Couldn't load goals"]);
  });

  it('opens the new goal form at once for /goals?new=1 (the "New goal" command)', async () => {
    fakeApi({ 'GET /goals/due': [200, []], 'GET /goals/completed': [200, []] });
    renderGoals('/goals?new=1');
    expect(await screen.findByText('No goals yet. Start by creating one!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Goal' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('form', { name: 'New Goal' }).closest('[hidden]')).toBeNull();
  });
});
