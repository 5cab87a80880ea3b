import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'success' | 'ghost';

/** The one button: at least 44px tall, variants by intent. */
export const Button = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  min-height: ${({ theme }) => theme.touch};
  min-width: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-weight: 600;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  transition:
    transform 0.08s ease,
    filter 0.15s ease;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  &:active:not(:disabled) {
    transform: scale(0.97);
  }
  ${({ theme, $variant = 'primary' }) => {
    const c = theme.color;
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${c.surfaceRaised};
          color: ${c.text};
          border-color: ${c.border};
        `;
      case 'danger':
        return css`
          background: ${c.danger};
          color: #fff;
        `;
      case 'success':
        return css`
          background: ${c.success};
          color: ${c.onSuccess};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.text};
          border-color: ${c.border};
        `;
      default:
        return css`
          background: ${c.primary};
          color: ${c.primaryText};
        `;
    }
  }}
  /* A disabled button must not pass for an enabled one: grey, dashed, faded, whatever its variant. */
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.textMuted};
    border: 1px dashed ${({ theme }) => theme.color.border};
    opacity: 0.7;
    cursor: not-allowed;
  }
`;

/** A round icon button (close ×, back arrow) with an accessible name. */
export const IconButton = styled.button`
  width: ${({ theme }) => theme.touch};
  height: ${({ theme }) => theme.touch};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  display: inline-grid;
  place-items: center;
  font-size: 1.25rem;
  line-height: 1;
  flex: none;
`;
