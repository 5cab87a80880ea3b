import styled from 'styled-components';

// An Account setting of a few choices (Appearance, Language): a card, its title, and one bordered radio per choice.

export const SettingCard = styled.section`
  margin-top: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

export const SettingTitle = styled.h2`
  font-size: 1rem;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

// Each option as wide as its dot and word, sharing what is left: in three equal columns "Automatic" was wider than its
// box at 390 px and its dot sat on the border (issue 52.2). Too narrow for the three, they wrap instead.
export const SettingOptions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const SettingOption = styled.label`
  flex: 1 1 auto;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(2)};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1.5)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 600;
  cursor: pointer;
  input {
    accent-color: ${({ theme }) => theme.color.primary};
    margin: 0;
  }
  &[data-checked] {
    border-color: ${({ theme }) => theme.color.primary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.primary};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
