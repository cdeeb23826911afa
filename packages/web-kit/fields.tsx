import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

type FieldFrameProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId: string;
  optional?: boolean;
  children: ReactNode;
};

function FieldFrame({ id, label, hint, hintId, optional, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-baseline gap-2 text-sm font-medium">
        {label}
        {optional ? (
          <span className="text-xs font-normal text-base-content/70">Optional</span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: string; hint?: ReactNode; optional?: boolean };

/** A labelled input; the label is a real `<label>`, so the field has an accessible name. */
export function TextField({
  label,
  hint,
  optional,
  className = '',
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  const hintId = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId} optional={optional}>
      <input
        id={id}
        aria-describedby={hint ? hintId : undefined}
        className={`input w-full ${className}`}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  optional,
  className = '',
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const id = useId();
  const hintId = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId} optional={optional}>
      <textarea
        id={id}
        aria-describedby={hint ? hintId : undefined}
        className={`textarea w-full leading-relaxed ${className}`}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  className = '',
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  const hintId = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId}>
      <select
        id={id}
        aria-describedby={hint ? hintId : undefined}
        className={`select w-full ${className}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

type AccountFieldProps = {
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  placeholder?: string;
  /** Another autofill hint (the login's "username webauthn" offers passkeys too). */
  autoComplete?: string;
  onFocus?: () => void;
};

/** A TextField that hands its value, not the event, to `onChange`. */
function ValueField({
  onChange,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & AccountFieldProps) {
  return <TextField {...input} onChange={(e) => onChange(e.target.value)} />;
}

/** A person's name, as sign-up and the profile ask for it. */
export function NameField(props: AccountFieldProps) {
  return <ValueField label="Name" name="name" autoComplete="name" {...props} />;
}

/** An e-mail address, as log-in, sign-up, the forgotten password and the profile ask for it. */
export function EmailField(props: AccountFieldProps) {
  return <ValueField label="Email" type="email" name="email" autoComplete="email" {...props} />;
}
