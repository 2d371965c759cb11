import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createLogger } from '../logger';

const log = createLogger('remotes');

interface Props {
  readonly remoteName: string;
  readonly fallback: (error: Error, reset: () => void) => ReactNode;
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
    log.error(`Remote "${this.props.remoteName}" threw while rendering.`, { message: error.message, componentStack: info.componentStack });
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
