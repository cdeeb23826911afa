import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './dialog.tsx';

// jsdom's dialog comes from testing/jsdom-dialog.ts; the browser's own behaviour (inert page,
// Tab) is checked in Chromium by shell/e2e/dialogs.test.ts.

function Stack({ locked = false }: { locked?: boolean }) {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open list
      </button>
      <Dialog open={outer} onClose={() => setOuter(false)} label="List" locked={locked}>
        <button type="button" onClick={() => setInner(true)}>
          Open item
        </button>
      </Dialog>
      {inner ? (
        <Dialog open onClose={() => setInner(false)} label="Item">
          <button type="button">Close</button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('Escape closes the top one only; focus goes back to what opened each', async () => {
    const user = userEvent.setup();
    render(<Stack />);
    const openList = screen.getByRole('button', { name: 'Open list' });
    await user.click(openList);
    const openItem = screen.getByRole('button', { name: 'Open item' });
    expect(document.activeElement).toBe(openItem);
    await user.click(openItem);
    expect(screen.getByRole('dialog', { name: 'Item' })).toBeTruthy();

    // The item dialog is unmounted by its page, not just closed: focus still goes back.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Item' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'List' })).toBeTruthy();
    expect(document.activeElement).toBe(openItem);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openList);
  });

  it('while locked, neither Escape nor the backdrop closes it', async () => {
    const user = userEvent.setup();
    render(<Stack locked />);
    await user.click(screen.getByRole('button', { name: 'Open list' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog', { name: 'List' }));
    expect(screen.getByRole('dialog', { name: 'List' })).toBeTruthy();
  });

  it('a click on the backdrop (the dialog itself) closes it, one inside the box does not', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Dialog open onClose={onClose} label="Note">
        <p>Some text</p>
      </Dialog>,
    );
    await user.click(screen.getByText('Some text'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('dialog', { name: 'Note' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
