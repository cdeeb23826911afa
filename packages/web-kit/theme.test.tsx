import { afterEach, describe, expect, it } from 'vitest';
import { getStoredTheme, setTheme, THEMES, type Theme } from './theme.ts';

describe('theme', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('offers the five spec themes', () => {
    expect(THEMES).toEqual(['light', 'dark', 'cupcake', 'business', 'lofi']);
  });

  it.each(THEMES)('setTheme(%s) saves it and puts it on <html>', (theme) => {
    setTheme(theme);
    expect(localStorage.getItem('theme')).toBe(theme);
    expect(document.documentElement.getAttribute('data-theme')).toBe(theme);
    expect(getStoredTheme()).toBe(theme);
  });

  it('refuses an unknown theme and ignores one stored by hand', () => {
    expect(() => setTheme('neon' as Theme)).toThrow(RangeError);
    localStorage.setItem('theme', 'neon');
    expect(getStoredTheme()).toBeNull();
  });
});
