import { useLingui } from '@/lib/i18n/react';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { InboxIcon } from '@/components/icons';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A small spinning ring (decorative). */
export const Spinner = styled.span.attrs({ 'aria-hidden': true })<{ $size?: number }>`
  display: inline-block;
  width: ${({ $size = 22 }) => $size}px;
  height: ${({ $size = 22 }) => $size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.primary};
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`;

/** A centred spinner with a text, announced politely. */
export function LoadingState({ children = 'Loading...' }: { children?: ReactNode }) {
  const { _ } = useLingui();
  return (
    <Centre role="status" aria-live="polite">
      <Spinner $size={28} />
      <span>{typeof children === 'string' ? _(children) : children}</span>
    </Centre>
  );
}

/** A friendly empty list: an icon, a text and an optional action. */
export function EmptyState({
  icon = <InboxIcon size={36} />,
  children,
  action,
}: {
  icon?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <Centre>
      <Icon aria-hidden="true">{icon}</Icon>
      <p>{typeof children === 'string' ? _(children) : children}</p>
      {action}
    </Centre>
  );
}

const Centre = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  p {
    margin: 0;
  }
`;

const Icon = styled.span`
  width: 64px;
  height: 64px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-size: 2rem;
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
`;
