import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import {
  loadRemoteComponent,
  remoteCatalog,
  useRemoteCatalog,
  type CatalogStore,
  type RemoteRoutesModule,
} from '../../remotes/mod.ts';

export type LoadWidget = (remote: string, module: string) => Promise<RemoteRoutesModule>;

/** A widget that fails to load or throws takes nothing else down: it is simply not shown. */
class WidgetBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`Dashboard widget ${this.props.id} is left out`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function WidgetPlaceholder() {
  return (
    <div aria-hidden="true" className="space-y-5" data-testid="widget-placeholder">
      <div className="skeleton h-56 rounded-box" />
      <div className="skeleton h-56 rounded-box" />
    </div>
  );
}

function RemoteWidget({
  remote,
  module,
  load,
}: {
  remote: string;
  module: string;
  load: LoadWidget;
}) {
  const Widget = useMemo(() => lazy(() => load(remote, module)), [remote, module, load]);
  return (
    <Suspense fallback={<WidgetPlaceholder />}>
      <Widget />
    </Suspense>
  );
}

/**
 * The widgets remotes offer the dashboard (`widgets` with slot `dashboard` in their
 * descriptions), each loaded from its remote and kept in its own error boundary: a remote that
 * is down, or did not describe itself, leaves the dashboard as it was without its widgets.
 */
export function DashboardWidgets({
  catalogStore = remoteCatalog,
  load = loadRemoteComponent,
}: {
  catalogStore?: CatalogStore;
  load?: LoadWidget;
}) {
  const catalog = useRemoteCatalog(catalogStore);
  if (catalog.status !== 'ready') return null;
  const widgets = catalog.catalog.remotes.flatMap((remote) =>
    (remote.description?.widgets ?? [])
      .filter((widget) => widget.slot === 'dashboard')
      .map((widget) => ({ remote: remote.name, ...widget })),
  );
  if (widgets.length === 0) return null;
  return (
    <div className="mt-10 space-y-5">
      {widgets.map((widget) => (
        <WidgetBoundary key={`${widget.remote}:${widget.id}`} id={widget.id}>
          <RemoteWidget remote={widget.remote} module={widget.module} load={load} />
        </WidgetBoundary>
      ))}
    </div>
  );
}
