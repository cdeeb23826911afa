import { useId, type ReactNode } from 'react';

/**
 * An on/off setting: a checkbox with the switch role (announced "on"/"off"), its label and a
 * line under it, the whole row clickable.
 */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="mt-0.5 text-sm text-base-content/70">
            {hint}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="toggle toggle-primary mt-0.5 shrink-0"
        checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}

/** A server refusal under the field it names, announced when it appears. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-error">
      {message}
    </p>
  );
}
