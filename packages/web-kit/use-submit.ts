import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from './api-error.ts';
import { CONFIRMATION_CANCELLED } from './confirmation.ts';
import { toast } from './toast.ts';

/** What one submit says and does once its call has settled. */
export type SubmitOptions<T> = {
  /** The success toast, fixed or from the answer; none when left out. */
  success?: string | ((result: T) => string);
  /**
   * The failure toast: fixed, or from the error (its status and code, as spec §8 words each
   * form's failures); a function answering null shows nothing, for errors the spec only logs.
   */
  failure?: string | ((error: unknown) => string | null);
  /** Runs after the success toast: where the form resets or the screen moves on. */
  onSuccess?: (result: T) => void;
  /** Runs after the failure toast: what the form undoes (a cleared password, a dropped token). */
  onError?: (error: unknown) => void;
};

export type Submit = {
  /** True from the call until it settles: the SubmitButton's spinner, and a second press ignored. */
  busy: boolean;
  /**
   * Runs `action` unless one is already under way, then toasts and calls back as `options` say.
   * Never rejects: every failure ends in `options.failure`, and is logged here when it is not
   * an expected refusal (a 4xx answer) the toast explains.
   */
  submit: <T>(action: () => Promise<T>, options?: SubmitOptions<T>) => Promise<void>;
};

/**
 * The one way a form sends what it collected (ARCHITECTURE.md "Forms"): it owns the busy flag,
 * the success and failure toasts and the logging, so a form keeps only its validation and its
 * call. Validate first, then hand the call over.
 *
 * @example
 * const { busy, submit } = useSubmit();
 * void submit(() => createGoal(goal), {
 *   success: GOALS_TEXT.created,
 *   failure: (error) => quotaMessage(error) ?? GOALS_TEXT.createFailed,
 *   onSuccess: onCreated,
 * });
 * <SubmitButton busy={busy}>Add Goal</SubmitButton>
 */
export function useSubmit(): Submit {
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two presses within one render must not send twice.
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(
    async <T>(action: () => Promise<T>, options: SubmitOptions<T> = {}): Promise<void> => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        let result: T;
        try {
          result = await action();
        } catch (error) {
          // The person closed the "Confirm it's you" dialog: they chose not to, nothing to say.
          if (isApiError(error) && error.code === CONFIRMATION_CANCELLED) {
            options.onError?.(error);
            return;
          }
          const message =
            typeof options.failure === 'function'
              ? options.failure(error)
              : (options.failure ?? null);
          if (message === null || !isApiError(error) || error.status >= 500 || error.status === 0)
            console.error('Submit failed', error);
          if (message !== null) toast.error(message);
          options.onError?.(error);
          return;
        }
        const success =
          typeof options.success === 'function' ? options.success(result) : options.success;
        if (success !== undefined) toast.success(success);
        options.onSuccess?.(result);
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [],
  );

  return { busy, submit };
}
