import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The script runs before React, straight from <head>; here it runs the same way, as plain text.
const script = readFileSync(path.join(import.meta.dirname, '../public/theme-init.js'), 'utf8');

function runThemeInit() {
  new Function(script)();
}

describe('theme-init.js', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-theme');
  });

  it('puts the saved theme on <html>', () => {
    localStorage.setItem('theme', 'business');
    runThemeInit();
    expect(document.documentElement.getAttribute('data-theme')).toBe('business');
  });

  it('leaves <html> alone for an unknown or missing theme, so the system preference applies', () => {
    localStorage.setItem('theme', 'neon');
    runThemeInit();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    localStorage.clear();
    runThemeInit();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('holds a form submitted before the app hydrated its prerendered page, and only then', () => {
    runThemeInit();
    document.body.innerHTML =
      '<div id="root" data-page="hydrate"><form><button type="submit">Log in</button></form></div>';
    const form = document.querySelector('form')!;
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(window.dayframeHeldSubmit?.form).toBe(form);

    // Once the app owns the page (bootstrap.tsx marks it), submits are React's to handle.
    delete window.dayframeHeldSubmit;
    document.getElementById('root')!.dataset.page = 'app';
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(window.dayframeHeldSubmit).toBeUndefined();
    document.body.innerHTML = '';
  });

  it('is referenced from index.html as an external script in <head>, with no inline script or style', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="/theme-init.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style="/);
  });
});
