import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@dayframe/web-kit/testing';
import { PublicLayout } from './public-layout.tsx';

describe('public layout', () => {
  it('has the brand, the four links with the current one marked, and the footer', () => {
    renderAt('/about', { '/about': <PublicLayout>About body</PublicLayout> });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Dayframe',
      'Home',
      'About',
      'Login',
      'Sign Up',
    ]);
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Contact', 'Privacy Policy']);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
  });

  it('collapses the menu behind a button on small screens', async () => {
    renderAt('/', { '/': <PublicLayout>Home body</PublicLayout> });
    const menu = document.getElementById('public-menu')!;
    expect(menu.hidden).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'About', 'Login', 'Sign Up']);
  });
});
