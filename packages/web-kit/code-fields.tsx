import { useState } from 'react';
import { TextField } from './fields.tsx';
import { digitsOnly } from './new-password-rules.ts';

/** The 6-digit code input: numeric keyboard, one-time-code autofill, non-digits dropped. */
export function CodeField({
  value,
  onChange,
  label = 'Code',
  name = 'code',
  className = '',
  invalid = false,
  describedBy,
}: {
  value: string;
  onChange: (digits: string) => void;
  label?: string;
  name?: string;
  className?: string;
  /** The last answer was refused: the field says so to assistive technology. */
  invalid?: boolean;
  /** The id of the message that explains the refusal. */
  describedBy?: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value))}
      placeholder="123456"
      className={className}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/** Sends a code; during the 60 s cooldown it reads 'Resend in Ns' and cannot be pressed. */
export function SendCodeButton({
  sending,
  secondsLeft,
  onClick,
  label = 'Send code',
  className = '',
}: {
  sending: boolean;
  secondsLeft: number;
  onClick: () => void;
  label?: string;
  className?: string;
}) {
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className={`btn btn-outline btn-sm ${className}`}
      onClick={onClick}
      disabled={sending || waiting}
    >
      {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      {waiting ? `Resend in ${secondsLeft}s` : label}
    </button>
  );
}

/**
 * A new password and its confirmation as a form holds them: spread `fields` onto
 * {@link NewPasswordFields}; `clear()` empties both once the password is set.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm,
    clear: () => {
      setPassword('');
      setConfirm('');
    },
    fields: { password, confirm, onPassword: setPassword, onConfirm: setConfirm },
  };
}

/** A new password and its confirmation (sign-up, forgot password, settings). */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  label = 'New Password',
  names = ['new-password', 'confirm-password'],
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  label?: string;
  names?: [string, string];
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        name={names[0]}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm Password"
        type="password"
        name={names[1]}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
