// A lazily loaded part with Retry. Its own module, not load-error.tsx's: that one is in every first download (the route
// error page uses LoadError), while only the home screen's lazy parts use this.
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { i18n } from '../lib/i18n/i18n';

type ErrorView = (retry: () => void) => ReactNode;

class Boundary extends Component<
  { onRetry: () => void; onFailed: () => void; view?: ErrorView; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.view ? (
      this.props.view(this.props.onRetry)
    ) : (
      <LoadError title={i18n._("This screen couldn't be opened")} onRetry={this.props.onRetry} />
    );
  }
}

/**
 * A lazily loaded screen that recovers: React.lazy remembers a failed import for good, so a chunk that could not be
 * fetched (offline, before it was ever cached) would stay broken until a reload. Here a failure shows Retry, and the
 * return of the connection retries by itself. `preload()` fetches the code ahead of need.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  errorView?: (retry: () => void, props: P) => ReactNode,
) {
  function Screen(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);
    // A new lazy component per attempt: the failed one keeps its rejection.
    const Lazy = useMemo(() => lazy(async () => ({ default: await load() })), [attempt]);
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    // Only a screen that failed to load is tried again when the connection returns: remounting a loaded one would
    // throw away what is open in it.
    useEffect(() => {
      if (!failed) return;
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);
    return (
      <Boundary key={attempt} onRetry={retry} onFailed={() => setFailed(true)} view={errorView && ((again) => errorView(again, props))}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </Boundary>
    );
  }
  return Object.assign(Screen, { preload: () => load().catch(() => undefined) });
}
