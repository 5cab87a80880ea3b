import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type BannerTone = 'error' | 'success' | 'info' | 'warning';

/** An inline message box: errors are announced assertively, the rest politely. */
export function Banner({ tone = 'info', children, className }: { tone?: BannerTone; children: ReactNode; className?: string }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} className={className}>
      <Dot aria-hidden="true">{tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}</Dot>
      <div>{children}</div>
    </Box>
  );
}

const Box = styled.div<{ $tone: BannerTone }>`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3.5)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid;
  font-size: 0.95rem;
  line-height: 1.4;
  ${({ theme, $tone }) => {
    const color = { error: theme.color.danger, success: theme.color.success, info: theme.color.info, warning: theme.color.warning }[$tone];
    return css`
      border-color: ${color};
      background: color-mix(in srgb, ${color} 14%, ${theme.color.surface});
      ${Dot} {
        background: ${color};
        /* The light appearance's success green is deep: a dark mark on it could not be seen (issue 52.5). */
        ${$tone === 'success' ? `color: ${theme.color.onSuccess};` : ''}
      }
    `;
  }}
  p {
    margin: 0;
  }
`;

const Dot = styled.span`
  flex: none;
  width: 1.4rem;
  height: 1.4rem;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-size: 0.8rem;
  font-weight: 800;
  color: #0b0e1a;
`;
