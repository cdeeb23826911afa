import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeRemoteFailure } from '../remote-failure.ts';
import { RemoteFailureBox } from './remote-failure-box.tsx';

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
    return (
      <RemoteFailureBox
        failure={describeRemoteFailure(this.state.error)}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
