import { useState } from 'react';
import { BUILT_IN_TEMPLATES, LIMITS } from '@dayframe/contracts';
import { ConfirmDialog, SelectField, TextAreaField } from '@dayframe/web-kit';
import { JOURNALS_TEXT } from '../messages.ts';

/**
 * A journal's default template (optional Markdown every new entry of the journal starts from),
 * with a built-in template to start from: it fills an empty field at once and asks before
 * replacing what is written there.
 */
export function TemplateField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  const [replacing, setReplacing] = useState<string | null>(null);

  function fill() {
    const text = BUILT_IN_TEMPLATES.find((template) => template.id === chosen)?.content;
    if (!text) return;
    if (value.trim() && value !== text) setReplacing(text);
    else onChange(text);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <SelectField
            label={JOURNALS_TEXT.builtInTemplate}
            name="builtInTemplate"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{JOURNALS_TEXT.chooseTemplate}</option>
            {BUILT_IN_TEMPLATES.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="button" className="btn btn-outline" disabled={!chosen} onClick={fill}>
          {JOURNALS_TEXT.fillTemplate}
        </button>
      </div>
      <TextAreaField
        label={JOURNALS_TEXT.templateLabel}
        name="template"
        optional
        rows={8}
        maxLength={LIMITS.content}
        hint={JOURNALS_TEXT.templateHint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="font-mono text-sm"
      />
      <ConfirmDialog
        open={replacing !== null}
        title={JOURNALS_TEXT.replaceTemplateTitle}
        confirmLabel={JOURNALS_TEXT.replaceTemplate}
        cancelLabel={JOURNALS_TEXT.keepTemplate}
        onConfirm={() => {
          if (replacing !== null) onChange(replacing);
          setReplacing(null);
        }}
        onCancel={() => setReplacing(null)}
      >
        {JOURNALS_TEXT.replaceTemplateText}
      </ConfirmDialog>
    </div>
  );
}
