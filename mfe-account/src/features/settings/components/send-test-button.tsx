import { isApiError, useSubmit } from '@dayframe/web-kit';
import type { ReminderTestRequest } from '@dayframe/contracts';
import { sendTestReminder } from '../api/reminder-calls.ts';
import { serverMessage } from '../messages.ts';
import { REMINDERS_TEXT } from '../reminders-text.ts';

/**
 * "Send a test" for one channel, whatever the settings say: the server's words for where it
 * went (202) or why it cannot go (409: no verified address, no device with notifications on).
 */
export function SendTestButton({
  channel,
  label,
}: {
  channel: ReminderTestRequest['channel'];
  label: string;
}) {
  const { busy, submit } = useSubmit();
  return (
    <button
      type="button"
      aria-label={label}
      aria-busy={busy || undefined}
      className="btn btn-sm btn-outline border-base-300"
      onClick={() =>
        void submit(() => sendTestReminder(channel), {
          success: (answer) => answer.message,
          failure: (error) =>
            isApiError(error, 429)
              ? REMINDERS_TEXT.testTooSoon
              : serverMessage(error, REMINDERS_TEXT.testFailed),
        })
      }
    >
      {busy ? <span className="loading loading-spinner loading-xs" /> : null}
      Send a test
    </button>
  );
}
