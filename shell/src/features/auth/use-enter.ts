import { useNavigate, useSubmit, type SubmitOptions } from '@dayframe/web-kit';

type Entered = { next: string };

/**
 * Log-in and sign-up: the call goes through useSubmit, and its answer sends the person where
 * the session says (spec §4: the dashboard, or /verify for an unverified address).
 */
export function useEnter(): {
  busy: boolean;
  enter: (call: () => Promise<Entered>, options: SubmitOptions<Entered>) => Promise<void>;
} {
  const navigate = useNavigate();
  const { busy, submit } = useSubmit();
  const enter = (call: () => Promise<Entered>, options: SubmitOptions<Entered>) =>
    submit(call, { ...options, onSuccess: ({ next }) => navigate(next, { replace: true }) });
  return { busy, enter };
}
