import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, verifiedUser } from '@dayframe/web-kit/testing';
import { PhotosAndFiles } from './photos-and-files.tsx';

function renderUsage() {
  session.signIn('session-token', verifiedUser);
  return renderAt('/settings', { '/settings': <PhotosAndFiles /> });
}

describe('photos and files', () => {
  it('says what is used of the space in decimal units, as words and a named meter', async () => {
    const api = fakeApi({ 'GET /media/usage': [200, { used: 12_400_000, quota: 2_000_000_000 }] });
    renderUsage();
    expect(screen.getByRole('status').textContent).toContain('Adding up your photos and files');
    await screen.findByText('12.4 MB of 2 GB used');
    expect(screen.getByText('2 GB free')).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Space used by photos and files' });
    expect(meter.getAttribute('aria-valuenow')).toBe('12400000');
    expect(meter.getAttribute('aria-valuemax')).toBe('2000000000');
    expect(meter.getAttribute('aria-valuetext')).toBe('12.4 MB of 2 GB used');
    expect(api.callsTo('GET /media/usage')[0]!.authorization).toBe('Bearer session-token');
  });

  it('shows a full space as full, never past it', async () => {
    fakeApi({ 'GET /media/usage': [200, { used: 2_100_000_000, quota: 2_000_000_000 }] });
    renderUsage();
    await screen.findByText('2.1 GB of 2 GB used');
    expect(screen.getByText('0 bytes free')).toBeTruthy();
    const meter = screen.getByRole('meter');
    expect(meter.getAttribute('aria-valuenow')).toBe('2000000000');
    expect((meter.firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  it('says a failed load and loads again on Try again', async () => {
    let fail = true;
    fakeApi({
      'GET /media/usage': () =>
        fail
          ? [500, { message: 'Internal error', code: 'internal' }]
          : [200, { used: 0, quota: 2_000_000_000 }],
    });
    renderUsage();
    await screen.findByText("Couldn't load how much space your photos and files use.");
    expect(screen.queryByRole('meter')).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('0 bytes of 2 GB used');
    expect((screen.getByRole('meter').firstElementChild as HTMLElement).style.width).toBe('0%');
  });
});
