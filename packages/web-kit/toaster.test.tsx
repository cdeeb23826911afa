import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { dismissToast, getToasts, MAX_TOASTS, toast } from './toast.ts';
import { Toaster } from './toaster.tsx';

function shown(): string[] {
  return Array.from(document.querySelectorAll('[data-kind]')).map((el) => el.textContent ?? '');
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    dismissToast();
    vi.useRealTimers();
  });

  it(`shows at most ${MAX_TOASTS}, keeping the newest`, () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Message ${i}`);
    });
    const texts = shown();
    expect(texts).toHaveLength(20);
    expect(texts[0]).toBe('Message 6');
    expect(texts.at(-1)).toBe('Message 25');
    expect(getToasts()).toHaveLength(20);
  });

  it.each([
    ['error', () => toast.error('Failed to create goal'), 4000],
    ['blank', () => toast('Heads up'), 4000],
    ['success', () => toast.success('Successfully created goal'), 2000],
  ])('an %s toast lasts %i ms', (_kind, show, duration) => {
    render(<Toaster />);
    act(() => void show());
    act(() => vi.advanceTimersByTime(duration - 1));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });

  it('a loading toast stays until it is replaced or dismissed', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast.loading('Saving…');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['Saving…']);
    act(() => void toast.success('Entry updated!', { id }));
    expect(shown()).toEqual(['Entry updated!']);
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()).toEqual([]);
  });

  it('sits in one live region, each toast read once and dismissable', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Incorrect password');
      toast.success('Email verified!');
    });
    const regions = document.querySelectorAll('[aria-live], [role="alert"], [role="status"]');
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('aria-live')).toBe('polite');
    expect(regions[0]!.textContent).toContain('Incorrect password');
    expect(regions[0]!.textContent).toContain('Email verified!');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(shown()).toEqual(['Email verified!']);
  });
});
