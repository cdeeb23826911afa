import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { SubmitButton } from './submit-button.tsx';
import { Toaster } from './toaster.tsx';
import { useSubmit, type SubmitOptions } from './use-submit.ts';
import { deferred, fakeApi } from './testing/fake-api.ts';
import { toastTexts } from './testing/dom.tsx';

type Note = { id: string };

/** A form saving a note with the real API client, as the product's forms do. */
function NoteForm({ options }: { options: SubmitOptions<Note> }) {
  const { busy, submit } = useSubmit();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(() => api.post<Note>('/notes', { text: 'hi' }), options);
      }}
    >
      <SubmitButton busy={busy}>Save</SubmitButton>
      <Toaster />
    </form>
  );
}

const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const save = () => userEvent.click(button());

describe('useSubmit', () => {
  it('is busy until the answer, sends once however often pressed, then says so and moves on', async () => {
    const answer = deferred<[number, unknown]>();
    const api = fakeApi({ 'POST /notes': () => answer.promise });
    const onSuccess = vi.fn();
    render(<NoteForm options={{ success: (note) => `Saved ${note.id}`, onSuccess }} />);
    await save();
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().disabled).toBe(true);
    // Enter in a field submits the form even while the button is disabled.
    fireEvent.submit(button().form!);
    answer.resolve([201, { id: 'n1' }]);
    await waitFor(() => expect(toastTexts()).toEqual(['Saved n1']));
    expect(onSuccess).toHaveBeenCalledWith({ id: 'n1' });
    expect(api.calls).toHaveLength(1);
    expect(button().getAttribute('aria-busy')).toBe('false');
  });

  it("words a refusal from its status, as the form's spec says, and does not log it", async () => {
    fakeApi({ 'POST /notes': [409, { message: 'taken', code: 'conflict' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    render(
      <NoteForm
        options={{
          failure: (error) => (isApiError(error, 409) ? 'Already there' : 'Failed'),
          onError,
        }}
      />,
    );
    await save();
    await waitFor(() => expect(toastTexts()).toEqual(['Already there']));
    expect(onError).toHaveBeenCalledOnce();
    expect(logged).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('only logs what it does not show, and logs a server failure it shows', async () => {
    fakeApi({ 'POST /notes': [500, { message: 'boom', code: 'internal' }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<NoteForm options={{ failure: () => null }} />);
    await save();
    await waitFor(() => expect(logged).toHaveBeenCalledOnce());
    expect(toastTexts()).toEqual([]);
    unmount();

    render(<NoteForm options={{ failure: 'Could not save' }} />);
    await save();
    await waitFor(() => expect(toastTexts()).toEqual(['Could not save']));
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
