import { useLingui } from '@/lib/i18n/react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { getAppearance, setAppearance, type AppearanceChoice } from '../lib/appearance';

const CHOICES: { value: AppearanceChoice; label: string }[] = [
  { value: 'system', label: 'Automatic' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Account: light, dark, or as the device is set (the default). */
export function AppearanceSwitch() {
  const { _ } = useLingui();
  const [choice, setChoice] = useState<AppearanceChoice>(getAppearance);
  const titleId = useId();
  const name = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>{_('Appearance')}</Title>
      <Options role="radiogroup" aria-labelledby={titleId}>
        {CHOICES.map((option) => (
          <Option key={option.value} data-checked={choice === option.value || undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={choice === option.value}
              onChange={() => {
                setChoice(option.value);
                setAppearance(option.value);
              }}
            />
            {_(option.label)}
          </Option>
        ))}
      </Options>
    </Card>
  );
}

const Card = styled.section`
  margin-top: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const Title = styled.h2`
  font-size: 1rem;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

// Each option as wide as its dot and word, sharing what is left: in three equal columns "Automatic" was wider than its
// box at 390 px and its dot sat on the border (issue 52.2). Too narrow for the three, they wrap instead.
const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.label`
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
