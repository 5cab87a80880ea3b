import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

type Tone = 'primary' | 'success' | 'accent' | 'info';

/** The inside of a big home tile: icon, title and a short line. */
export function HomeTile({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <>
      <Icon>{icon}</Icon>
      <Title>{title}</Title>
      <Text>{text}</Text>
    </>
  );
}

const tileStyles = css<{ $tone: Tone }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 132px;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  overflow: hidden;
  transition:
    transform 0.1s ease,
    border-color 0.15s ease;
  &:active {
    transform: scale(0.98);
  }
  &:hover {
    border-color: currentColor;
  }
  ${({ theme, $tone }) => {
    const color = { primary: theme.color.primary, success: theme.color.success, accent: theme.color.accent, info: theme.color.info }[$tone];
    return css`
      background:
        radial-gradient(120% 100% at 100% 0%, color-mix(in srgb, ${color} 30%, transparent), transparent 60%), ${theme.color.surface};
      ${Icon} {
        color: ${color};
        background: color-mix(in srgb, ${color} 18%, transparent);
      }
    `;
  }}
`;

/** A big home tile as a link. */
export const TileLink = styled(Link)<{ $tone: Tone }>`
  ${tileStyles}
`;

/** A big home tile as a button. */
export const TileButton = styled.button<{ $tone: Tone }>`
  ${tileStyles}
  width: 100%;
  text-align: left;
  font: inherit;
`;

const Icon = styled.span`
  width: 52px;
  height: 52px;
  border-radius: 14px;
  display: grid;
  place-items: center;
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Title = styled.span`
  font-size: 1.3rem;
  font-weight: 800;
`;

const Text = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  line-height: 1.3;
`;
