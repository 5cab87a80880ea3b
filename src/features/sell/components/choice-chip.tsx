import styled from 'styled-components';

/** A toggle choice (category, sub-choice, item): aria-pressed marks the chosen one. */
export const ChoiceChip = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 600;
  text-align: center;
  line-height: 1.2;
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.color.accent};
    background: rgba(255, 200, 61, 0.14);
    color: ${({ theme }) => theme.color.accent};
  }
`;

export const ChipGrid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = '8.5rem' }) => $min}, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

export const StepTitle = styled.h2`
  margin: ${({ theme }) => theme.space(5)} 0 ${({ theme }) => theme.space(2)};
  font-size: 1rem;
  font-weight: 800;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  &::before {
    content: attr(data-step);
    width: 1.6rem;
    height: 1.6rem;
    border-radius: 999px;
    display: inline-grid;
    place-items: center;
    font-size: 0.8rem;
    background: ${({ theme }) => theme.color.primary};
    color: #fff;
  }
`;

export const SubLabel = styled.h3`
  margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(2)};
  font-size: 0.8rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const TextInput = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  font-size: 1.05rem;
`;
