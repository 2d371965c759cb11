import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createLogger } from '../logger';
import { report } from '../telemetry';
import type { RemoteIdentity } from '../telemetry/record';

const log = createLogger('remotes');

interface Props {
  readonly remoteName: string;
  /** Name and version of the remote, for the error report. */
  readonly describe: () => RemoteIdentity;
  readonly fallback: (error: Error, reset: () => void) => ReactNode;
  /** Called with what the children threw (after it is logged and reported). */
  readonly onCaught?: (error: Error) => void;
  /** Called once the children render again after `reset` (e.g. to move focus back into them). */
  readonly onRecovered?: () => void;
  readonly children?: ReactNode;
}

interface State {
  readonly error: Error | null;
}

/** Keeps a remote that throws while rendering inside its own area. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    log.error(`Remote "${this.props.remoteName}" threw while rendering.`, {
      message: error.message,
      componentStack: info.componentStack,
    });
    report({
      kind: 'error',
      name: 'render error',
      remote: this.props.describe(),
      error: { thrown: error, code: 'REMOTE_RENDER_FAILED' },
      // Not cut here: the hub removes secrets first, then cuts to length.
      attributes: { componentStack: info.componentStack ?? '' },
    });
    this.props.onCaught?.(error);
  }

  private readonly reset = () => this.setState({ error: null });

  override componentDidUpdate(_props: Props, previous: State): void {
    if (previous.error && !this.state.error) this.props.onRecovered?.();
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
