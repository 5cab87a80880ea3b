import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

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
  return (
    <Centre role="status" aria-live="polite">
      <Spinner $size={28} />
      <span>{children}</span>
    </Centre>
  );
}

/** A friendly empty list: an icon, a text and an optional action. */
export function EmptyState({ icon = '📭', children, action }: { icon?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Centre>
      <Icon aria-hidden="true">{icon}</Icon>
      <p>{children}</p>
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
  p { margin: 0; }
`;

const Icon = styled.span`
  font-size: 2.25rem;
  line-height: 1;
  filter: grayscale(0.3);
`;
