import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { preloadable } from './preloadable.tsx';

function Screen({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

/** A load the test settles by hand. */
function deferredLoad() {
  let settle!: { resolve: (c: typeof Screen) => void; reject: (e: Error) => void };
  const load = vi.fn(
    () =>
      new Promise<typeof Screen>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { load, settle: () => settle };
}

describe('a preloadable screen', () => {
  it('shows the page spinner while its chunk loads, then the screen, from one load', async () => {
    const { load, settle } = deferredLoad();
    const screenPart = preloadable(load);
    void screenPart.preload();
    render(<screenPart.Component title="Journals" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();

    await act(async () => settle().resolve(Screen));
    expect(screen.getByRole('heading', { name: 'Journals' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without a spinner, when the boot already loaded it', async () => {
    const screenPart = preloadable(async () => Screen);
    await screenPart.preload();
    render(<screenPart.Component title="Dashboard" />);
    // No act, no waiting: the first render already shows the screen.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('hands a failed load to the nearest error boundary, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, settle } = deferredLoad();
    const screenPart = preloadable(load);
    render(
      <Boundary>
        <screenPart.Component title="Layout" />
      </Boundary>,
    );
    await act(async () => settle().reject(new Error('Loading chunk 518 failed')));
    expect(screen.getByRole('alert').textContent).toBe('Loading chunk 518 failed');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
