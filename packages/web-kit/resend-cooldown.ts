import { useEffect, useState } from 'react';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** Spec §4, §9: a code may be requested again after 60 seconds. */
const RESEND_COOLDOWN_SECONDS = 60;
export const COOLDOWN_KEY = 'otpCooldownUntil';
export const CODE_SENT_KEY = 'otpSent';

/** Start the cooldown: kept as an end time so a reload does not reset it. */
export function startResendCooldown(now: number = Date.now()): void {
  writeStorage(COOLDOWN_KEY, String(now + RESEND_COOLDOWN_SECONDS * 1000));
}

/** Whole seconds left before another code may be requested (0 when it may). */
export function resendSecondsLeft(now: number = Date.now()): number {
  const until = Number(readStorage(COOLDOWN_KEY));
  if (!Number.isFinite(until) || until <= now) return 0;
  return Math.min(RESEND_COOLDOWN_SECONDS, Math.ceil((until - now) / 1000));
}

export function markCodeSent(): void {
  writeStorage(CODE_SENT_KEY, '1');
}

export function wasCodeSent(): boolean {
  return readStorage(CODE_SENT_KEY) === '1';
}

/** After a successful verification both the flag and the cooldown go (spec §4). */
export function clearCodeState(): void {
  removeStorage(CODE_SENT_KEY);
  removeStorage(COOLDOWN_KEY);
}

/**
 * Seconds left in the cooldown, counted down each second; `restart()` starts a new one.
 */
export function useResendCooldown(): { secondsLeft: number; restart: () => void } {
  const [secondsLeft, setSecondsLeft] = useState(() => resendSecondsLeft());

  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSecondsLeft(resendSecondsLeft()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  return {
    secondsLeft,
    restart: () => {
      startResendCooldown();
      setSecondsLeft(resendSecondsLeft());
    },
  };
}
