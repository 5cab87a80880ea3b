import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

/** A failed load, said plainly, with Retry; never an empty-state text. */
export function LoadError({
  title = "This couldn't be loaded",
  onRetry,
  children,
}: {
  title?: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <Box role="alert">
      <strong>{title}</strong>
      <p>
        {children ??
          (offline
            ? "You're offline and there is no saved copy yet. It loads once you're back online."
            : 'Check your connection and try again.')}
      </p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}

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
      <LoadError title="This screen couldn't be opened" onRetry={this.props.onRetry} />
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

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  padding: 1.5rem 1rem;
  text-align: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    max-width: 32rem;
  }
`;
