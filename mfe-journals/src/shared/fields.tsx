import { LIMITS } from '@dayframe/contracts';
import { TextAreaField, TextField } from '@dayframe/web-kit';

/** A journal's or an entry's text field, with the server's length limit. */
type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Announced as required; the form says so when it is left empty (spec §5). */
  required?: boolean;
};

export function TitleField({
  value,
  onChange,
  placeholder,
  required,
  autoFocus,
}: FieldProps & { autoFocus?: boolean }) {
  return (
    <TextField
      label="Title"
      name="title"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={LIMITS.title}
      placeholder={placeholder}
      aria-required={required || undefined}
      autoFocus={autoFocus}
    />
  );
}

/** An entry's text, always required. */
export function ContentField({
  value,
  onChange,
  placeholder,
  rows,
}: Omit<FieldProps, 'required'> & { rows: number }) {
  return (
    <TextAreaField
      label="Content"
      name="content"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={LIMITS.content}
      rows={rows}
      placeholder={placeholder}
      aria-required="true"
    />
  );
}

/** A journal's description: optional when it is created, required once it is edited. */
export function DescriptionField({ value, onChange, placeholder, required }: FieldProps) {
  return (
    <TextAreaField
      label="Description"
      name="description"
      optional={!required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={LIMITS.description}
      rows={4}
      placeholder={placeholder}
      aria-required={required || undefined}
    />
  );
}
