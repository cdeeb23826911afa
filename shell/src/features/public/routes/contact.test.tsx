import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '@dayframe/web-kit/testing';
import { ContactPage } from './contact.tsx';

describe('contact page', () => {
  it('links to the support address by mailto', () => {
    renderAt('/contact', { '/contact': <ContactPage /> });
    const links = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('mailto:'));
    expect(links.map((a) => a.getAttribute('href'))).toContain('mailto:support@dayframe.app');
  });

  it('copies the address and says Copied! for 1.5 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    renderAt('/contact', { '/contact': <ContactPage /> });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Copy e-mail/ }));
    });
    expect(writeText).toHaveBeenCalledWith('support@dayframe.app');
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});
