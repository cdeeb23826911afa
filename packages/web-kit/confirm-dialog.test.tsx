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
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    unmount();
    render(<Harness labels={{ confirmLabel: 'Yes', cancelLabel: 'No' }} />);
    await user.click(screen.getByRole('button', { name: 'Delete goal' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
  });

  it('takes focus, keeps Tab inside, and gives focus back when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete goal' });
    await user.click(opener);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('confirms by keyboard', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete goal' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
