import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localToday } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastMessages as toasts } from '@dayframe/web-kit/testing';
import { GoalsPage } from '../routes/goals-page.tsx';

const renderGoals = () => renderAt('/goals', { '/goals': <GoalsPage /> });

function form() {
  return screen.getByRole('form', { name: 'New Goal', hidden: true });
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New Goal' }));
  expect(form().closest('[hidden]')).toBeNull();
}

describe('the New Goal form', () => {
  it('is collapsed until New Goal is pressed, starts its due date on the local today, and Cancel closes it', async () => {
    fakeApi({ 'GET /goals/due': [200, []], 'GET /goals/completed': [200, []] });
    const user = userEvent.setup();
    renderGoals();
    const toggle = screen.getByRole('button', { name: 'New Goal' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(form().closest('[hidden]')).not.toBeNull();
    await openForm(user);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe(localToday());
    await user.type(screen.getByLabelText('Title'), 'Half marathon');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(form().closest('[hidden]')).not.toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('sends nothing and says so while any field is missing', async () => {
    const api = fakeApi({ 'GET /goals/due': [200, []], 'GET /goals/completed': [200, []] });
    const user = userEvent.setup();
    renderGoals();
    await openForm(user);
    const submit = screen.getByRole('button', { name: 'Add Goal' });

    await user.click(submit);
    expect(toasts('error')).toEqual(['Please fill out all fields']);

    await user.type(screen.getByLabelText('Title'), 'Half marathon');
    await user.type(screen.getByLabelText('Description'), '   ');
    await user.click(submit);
    await user.type(screen.getByLabelText('Description'), 'Under two hours');
    await user.clear(screen.getByLabelText('Due date'));
    await user.click(submit);
    expect(toasts('error')).toEqual(Array(3).fill('Please fill out all fields'));
    expect(api.callsTo('POST /goals')).toHaveLength(0);
    expect(form().closest('[hidden]')).toBeNull();
  });

  it('creates the goal set on the local today, closes, clears title and description, and reloads both lists', async () => {
    const api = fakeApi({
      'GET /goals/due': [200, []],
      'GET /goals/completed': [200, []],
      'POST /goals': (call) => [
        201,
        { _id: 'g1', completed: false, dateComplete: null, ...(call.body as object) },
      ],
    });
    const user = userEvent.setup();
    renderGoals();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), '  Half marathon ');
    await user.type(screen.getByLabelText('Description'), 'Under two hours');
    const due = screen.getByLabelText('Due date') as HTMLInputElement;
    await user.clear(due);
    await user.type(due, '2027-04-12');
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));

    await waitFor(() => expect(toasts('success')).toEqual(['Successfully created goal']));
    expect(api.callsTo('POST /goals').map((c) => c.body)).toEqual([
      {
        title: 'Half marathon',
        description: 'Under two hours',
        dateDue: '2027-04-12',
        dateSet: localToday(),
      },
    ]);
    expect(form().closest('[hidden]')).not.toBeNull();
    await waitFor(() => expect(api.callsTo('GET /goals/due')).toHaveLength(2));
    expect(api.callsTo('GET /goals/completed')).toHaveLength(2);

    await openForm(user);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the form open with what was typed when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({
      'GET /goals/due': [200, []],
      'GET /goals/completed': [200, []],
      'POST /goals': [500, { message: 'boom' }],
    });
    const user = userEvent.setup();
    renderGoals();
    await openForm(user);
    await user.type(screen.getByLabelText('Title'), 'Half marathon');
    await user.type(screen.getByLabelText('Description'), 'Under two hours');
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    await waitFor(() => expect(toasts('error')).toEqual(['Failed to create goal']));
    expect(toasts('success')).toEqual([]);
    expect(form().closest('[hidden]')).toBeNull();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half marathon');
  });
});
