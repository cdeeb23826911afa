import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { repoCatalog } from '../../remotes/testing/described-remotes.ts';
import { DashboardWidgets } from './dashboard-widgets.tsx';

describe('the dashboard widgets slot', () => {
  it('loads the widget mfe-journals declares for the dashboard and shows it', async () => {
    const { store } = repoCatalog();
    const load = vi.fn(async () => ({ default: () => <p>On this day</p> }));
    render(<DashboardWidgets catalogStore={store} load={load} />);
    expect(await screen.findByText('On this day')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('mfe_journals', './dashboard-widgets');
  });

  it('shows nothing, and throws nothing, when the remote fails to load or its widget throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = repoCatalog();
    const down = vi.fn(async () => {
      throw new Error('mfe_journals did not load within 6 s');
    });
    const { container, unmount } = render(
      <div>
        <h1>Dashboard</h1>
        <DashboardWidgets catalogStore={store} load={down} />
      </div>,
    );
    await waitFor(() => expect(down).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('widget-placeholder')).toBeNull());
    expect(container.textContent).toBe('Dashboard');
    unmount();

    const broken = vi.fn(async () => ({
      default: () => {
        throw new Error('bug');
      },
    }));
    render(<DashboardWidgets catalogStore={store} load={broken} />);
    await waitFor(() => expect(broken).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('widget-placeholder')).toBeNull());
  });

  it('asks nothing of a remote that did not describe itself', async () => {
    const { store } = repoCatalog((remotes) =>
      remotes.map((r) => (r.name === 'mfe_journals' ? { ...r, description: null } : r)),
    );
    const load = vi.fn();
    const { container } = render(<DashboardWidgets catalogStore={store} load={load} />);
    await store.ensure();
    expect(container.textContent).toBe('');
    expect(load).not.toHaveBeenCalled();
  });
});
