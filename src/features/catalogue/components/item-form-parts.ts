import styled from 'styled-components';

/** One field of the item editor: its name above its input or select. */
export const Label = styled.label`
  display: grid;
  gap: 4px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  input,
  select {
    min-width: 0;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: 1rem;
  }
`;

export const Pair = styled.div`
  display: grid;
  /* Two fields side by side, each as wide as its half: an input's own width never pushes the form sideways. */
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;
