import type { ChangeEvent } from 'react';
import { LIMITS } from '@dayframe/contracts';
import { TextAreaField, TextField } from '@dayframe/web-kit';

/** A journal's or an entry's text field; each has the server's length limit. */
type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Announced as required; the form says so when it is left empty (spec §5). */
  required?: boolean;
};

function bind({ value, onChange, placeholder, required }: FieldProps) {
  return {
    value,
    placeholder,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    'aria-required': required || undefined,
  };
}

const TITLE = { label: 'Title', name: 'title', maxLength: LIMITS.title };
const CONTENT = { label: 'Content', name: 'content', maxLength: LIMITS.content };
const DATE = { label: 'Date', name: 'date', type: 'date' };
const DESCRIPTION = { label: 'Description', name: 'description', maxLength: LIMITS.description };

export function TitleField({ autoFocus, ...field }: FieldProps & { autoFocus?: boolean }) {
  return <TextField {...TITLE} autoFocus={autoFocus} {...bind(field)} />;
}

/** An entry's text, always required. */
export function ContentField({ rows, ...field }: Omit<FieldProps, 'required'> & { rows: number }) {
  return <TextAreaField {...CONTENT} rows={rows} {...bind({ ...field, required: true })} />;
}

/** A journal's description: optional when it is created, required once it is edited. */
export function DescriptionField(field: FieldProps) {
  return <TextAreaField {...DESCRIPTION} optional={!field.required} rows={4} {...bind(field)} />;
}

/** An entry's day, `YYYY-MM-DD`. */
export function DateField(field: Pick<FieldProps, 'value' | 'onChange'>) {
  return <TextField {...DATE} {...bind(field)} />;
}
