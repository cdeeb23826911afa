import { useState } from 'react';
import {
  SelectField,
  THEMES,
  currentTheme,
  isTheme,
  setTheme,
  type Theme,
} from '@dayframe/web-kit';

const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  cupcake: 'Cupcake',
  business: 'Business',
  lofi: 'Lo-fi',
};

const SWATCHES = [
  ['Primary', 'bg-primary'],
  ['Secondary', 'bg-secondary'],
  ['Accent', 'bg-accent'],
  ['Neutral', 'bg-neutral'],
  ['Base', 'bg-base-300'],
] as const;

/**
 * Spec §2 Appearance: the theme is applied at once and kept in this browser, through the same
 * web-kit call the shell reads before first paint.
 */
export function AppearanceForm() {
  const [theme, setChosen] = useState<Theme>(() => currentTheme());

  function choose(value: string) {
    if (!isTheme(value)) return;
    setTheme(value);
    setChosen(value);
  }

  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="w-full sm:max-w-xs">
        <SelectField
          label="Theme"
          hint="Applied right away and remembered on this device."
          value={theme}
          onChange={(e) => choose(e.target.value)}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {THEME_LABELS[name]}
            </option>
          ))}
        </SelectField>
      </div>
      <div aria-hidden="true" className="flex items-center gap-1.5 sm:pb-6">
        {SWATCHES.map(([label, className]) => (
          <span
            key={label}
            title={label}
            className={`size-7 rounded-full border border-base-content/10 shadow-sm ${className}`}
          />
        ))}
      </div>
    </div>
  );
}
