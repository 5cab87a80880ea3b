import { useLingui } from '@/lib/i18n/react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { LoadError } from './load-error';

/** A screen that failed to load or render: said plainly, with Retry, and retried by itself when the network returns. */
export function RouteErrorPage({ reset }: ErrorComponentProps) {
  const { _ } = useLingui();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });
  return (
    <Wrap>
      <LoadError title={_("This screen couldn't be opened")} onRetry={retry} />
    </Wrap>
  );
}

const Wrap = styled.main`
  flex: 1;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)};
`;
