import styled from 'styled-components';

/** A label, a textarea and its hint, stacked: the reason a player gives for a dispute, or the super admin's decision. */
export const TextareaField = styled.div<{ $gap?: number }>`
  display: grid;
  gap: ${({ theme, $gap = 1.5 }) => theme.space($gap)};
  textarea {
    width: 100%;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
  }
`;
