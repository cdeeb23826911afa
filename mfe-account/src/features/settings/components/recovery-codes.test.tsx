import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
import { RecoveryCodes } from './recovery-codes.tsx';

const codes = ['aaaaa-11111', 'bbbbb-22222'];

function renderCodes() {
  session.signIn('session-token', verifiedUser);
  const onDone = vi.fn();
  renderAt('/settings', { '/settings': <RecoveryCodes codes={codes} onDone={onDone} /> });
  return onDone;
}

describe('the recovery codes panel', () => {
  it('copies the codes, one a line', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCodes();
    // fireEvent: user-event puts a clipboard of its own on the page.
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Copied.']));
    expect(writeText).toHaveBeenCalledWith('aaaaa-11111\nbbbbb-22222');
  });

  it('says when the browser refuses to copy', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    renderCodes();
    // fireEvent: user-event puts a clipboard of its own on the page.
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(["Couldn't copy. Select the text and copy it instead."]),
    );
  });

  it('downloads them as dayframe-recovery-codes.txt, with whose they are', async () => {
    let saved: { name: string; blob: Blob } | null = null;
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        saved = { name: '', blob };
        return 'blob:codes';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved!.name = this.download;
    });
    renderCodes();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved!.name).toBe('dayframe-recovery-codes.txt');
    const text = await saved!.blob.text();
    expect(text).toContain('ada@example.com');
    expect(text).toContain('aaaaa-11111\nbbbbb-22222\n');
  });

  it('hides for good on "I saved them"', async () => {
    const onDone = renderCodes();
    await userEvent.setup().click(screen.getByRole('button', { name: 'I saved them' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
