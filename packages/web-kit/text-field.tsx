import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
};

/** A labelled input; the real `<label>` gives it its accessible name, the hint its description. */
export function TextField({ label, hint, className = '', ...input }: Props) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? hintId : undefined}
        className={`input w-full ${className}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
