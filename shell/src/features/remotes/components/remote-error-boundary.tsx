import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeRemoteFailure } from '../api/remote-failure.ts';

type Props = {
  /** Which remote, for the log. */
  name: string;
  onRetry: () => void;
  /** A new value (the path) clears a shown error, so navigating away from a failure works. */
  resetKey: string;
  children: ReactNode;
};

type State = { error: unknown; resetKey: string };

/**
 * Keeps a remote that is down or throws inside its own box: the menu and the rest of the page
 * stay usable, and Retry loads it again.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const failure = describeRemoteFailure(this.state.error);
    return (
      <div
        role="alert"
        className="mx-auto my-12 max-w-lg rounded-box border border-base-300 bg-base-100 p-8 text-center shadow-sm"
      >
        <h2 className="text-xl font-semibold">{failure.title}</h2>
        <p className="mt-2 text-base-content/70">{failure.detail}</p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}
