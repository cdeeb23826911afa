import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '@dayframe/web-kit/testing';
import { AppearanceForm } from './appearance-form.tsx';

function themeSelect(): HTMLSelectElement {
  return screen.getByLabelText('Theme') as HTMLSelectElement;
}

describe('appearance', () => {
  it('offers the five themes of the spec', () => {
    render(<AppearanceForm />);
    expect(Array.from(themeSelect().options).map((o) => o.value)).toEqual([
      'light',
      'dark',
      'cupcake',
      'business',
      'lofi',
    ]);
  });

  it('starts from the theme saved in this browser', () => {
    localStorage.setItem('theme', 'cupcake');
    render(<AppearanceForm />);
    expect(themeSelect().value).toBe('cupcake');
  });

  it('applies a chosen theme at once and keeps it in the browser', async () => {
    render(<AppearanceForm />);
    await userEvent.setup().selectOptions(themeSelect(), 'business');
    expect(document.documentElement.getAttribute('data-theme')).toBe('business');
    expect(localStorage.getItem('theme')).toBe('business');
    expect(themeSelect().value).toBe('business');
  });

  it('is a native select, reached with Tab', async () => {
    render(<AppearanceForm />);
    await userEvent.setup().tab();
    expect(document.activeElement).toBe(themeSelect());
    expect(themeSelect().tagName).toBe('SELECT');
  });
});
