import { useState, type ReactNode } from 'react';
import { useSubmit } from '@dayframe/web-kit';
import {
  PushBlocked,
  deviceSubscriptionId,
  pushSupported,
  turnOffPush,
  turnOnPush,
} from '../push-device.ts';
import { REMINDERS_TEXT } from '../reminders-text.ts';
import { serverMessage } from '../messages.ts';

/**
 * Notifications on this device: turning them on subscribes this browser (the server keeps one
 * subscription per device), turning them off drops it. A browser without Web Push is told so.
 * `children` (the channel's Send a test, which reaches the other devices too) sit beside.
 */
export function PushOnThisDevice({ children }: { children: ReactNode }) {
  const [supported] = useState(pushSupported);
  const [subscriptionId, setSubscriptionId] = useState(deviceSubscriptionId);
  const { busy, submit } = useSubmit();

  if (!supported)
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-base-content/70 sm:max-w-md">{REMINDERS_TEXT.pushUnsupported}</p>
        <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
      </div>
    );

  function turnOn() {
    void submit(turnOnPush, {
      success: REMINDERS_TEXT.pushOn,
      failure: (error) =>
        error instanceof PushBlocked
          ? REMINDERS_TEXT.pushBlocked
          : serverMessage(error, REMINDERS_TEXT.pushOnFailed),
      onSuccess: setSubscriptionId,
    });
  }

  function turnOff(id: string) {
    void submit(() => turnOffPush(id), {
      success: REMINDERS_TEXT.pushOff,
      failure: (error) => serverMessage(error, REMINDERS_TEXT.pushOffFailed),
      onSuccess: () => setSubscriptionId(null),
    });
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-base-content/70">
        {subscriptionId
          ? 'Notifications are on for this device.'
          : 'Notifications are off for this device.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {subscriptionId ? (
          <button
            type="button"
            className="btn btn-sm btn-outline border-base-300"
            aria-busy={busy || undefined}
            onClick={() => turnOff(subscriptionId)}
          >
            Turn off on this device
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-busy={busy || undefined}
            onClick={turnOn}
          >
            Turn on notifications
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
