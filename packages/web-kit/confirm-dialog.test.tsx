import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({
  onConfirm = () => {},
  labels = {} as { confirmLabel?: string; cancelLabel?: string },
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete goal
      </button>
      <ConfirmDialog
        open={open}
        title="Delete goal?"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
        {...labels}
      >
        This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('defaults to Confirm and Cancel, takes other labels, and describes itself', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete goal' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete goal?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This cannot be undone.',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    unmount();
    render(<Harness labels={{ confirmLabel: 'Yes', cancelLabel: 'No' }} />);
    await user.click(screen.getByRole('button', { name: 'Delete goal' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
  });

  // Tab staying inside and the inert page are the browser's (showModal):
  // shell/e2e/dialogs.test.ts checks them, and Escape after a click on the text, in Chromium.
  it('Cancel, or Escape, closes it and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete goal' });
    await user.click(opener);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await user.click(cancel);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Confirm answers once; a backdrop click cancels, but not while busy', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete goal' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('alertdialog'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    const onCancel = vi.fn();
    rerender(
      <ConfirmDialog open busy title="Delete goal?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await user.click(screen.getByRole('alertdialog'));
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
  });
});
