import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  clearCodeState,
  markCodeSent,
  resendSecondsLeft,
  startResendCooldown,
  useResendCooldown,
  wasCodeSent,
} from './resend-cooldown.ts';

function Countdown() {
  const { secondsLeft, restart } = useResendCooldown();
  return (
    <button type="button" onClick={restart}>
      {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Resend code'}
    </button>
  );
}

describe('resend cooldown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-05T10:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('lasts 60 seconds and is kept in local storage', () => {
    expect(resendSecondsLeft()).toBe(0);
    startResendCooldown();
    expect(resendSecondsLeft()).toBe(60);
    expect(localStorage.getItem('otpCooldownUntil')).toBe(String(Date.now() + 60_000));
    vi.advanceTimersByTime(59_001);
    expect(resendSecondsLeft()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(resendSecondsLeft()).toBe(0);
  });

  it('survives a reload: a new page reads the remaining time', () => {
    startResendCooldown(Date.now() - 20_000);
    render(<Countdown />);
    expect(screen.getByRole('button').textContent).toBe('Resend in 40s');
  });

  it('counts down each second on screen and ends on Resend code', () => {
    render(<Countdown />);
    expect(screen.getByRole('button').textContent).toBe('Resend code');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('Resend in 60s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Resend in 59s');
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button').textContent).toBe('Resend in 1s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('Resend code');
  });

  it('remembers that a code was sent, and forgets both after verification', () => {
    expect(wasCodeSent()).toBe(false);
    markCodeSent();
    startResendCooldown();
    expect(wasCodeSent()).toBe(true);
    clearCodeState();
    expect(wasCodeSent()).toBe(false);
    expect(resendSecondsLeft()).toBe(0);
  });
});
