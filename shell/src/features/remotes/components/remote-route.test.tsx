import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@dayframe/web-kit';
import { renderAt } from '@dayframe/web-kit/testing';
import type { LoadRemoteRoutes } from '../api/load-remote-routes.ts';
import { RemoteRoute } from './remote-route.tsx';

function GoalsRemote() {
  return (
    <Routes>
      <Route path="/goals" element={<h1>Goals from the remote</h1>} />
    </Routes>
  );
}

function Broken(): never {
  throw new Error('remote crashed while rendering');
}

function renderRemote(load: LoadRemoteRoutes) {
  return renderAt('/goals', {
    '*': (
      <div>
        <nav>Menu stays</nav>
        <RemoteRoute name="mfe_goals" load={load} />
      </div>
    ),
  });
}

describe('a remote route', () => {
  it('renders the remote routes with their full paths', async () => {
    renderRemote(async () => ({ default: GoalsRemote }));
    expect(await screen.findByRole('heading', { name: 'Goals from the remote' })).toBeTruthy();
  });

  it('shows a clear message when the remote is down, keeps the page, and Retry loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<LoadRemoteRoutes>()
      .mockRejectedValueOnce(new Error('RUNTIME-003: failed to fetch remoteEntry'))
      .mockResolvedValue({ default: GoalsRemote });
    renderRemote(load);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("This part of Dayframe couldn't load.");
    expect(screen.getByText('Menu stays')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Goals from the remote' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith('mfe_goals');
  });

  it('contains a remote that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRemote(async () => ({ default: Broken }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "This part of Dayframe couldn't load.",
    );
    expect(screen.getByText('Menu stays')).toBeTruthy();
  });
});
