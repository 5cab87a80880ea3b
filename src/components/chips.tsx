import styled from 'styled-components';

export interface ChipOption<T extends string> {
  value: T;
  label: string;
  count?: number;
}

/** A row of filter chips; one is pressed. A 3-column grid on phones so every filter stays visible and even. */
export function Chips<T extends string>({ options, value, onChange, label }: { options: readonly ChipOption<T>[]; value: T; onChange: (value: T) => void; label: string }) {
  return (
    <Row role="group" aria-label={label}>
      {options.map((option) => (
        <Chip key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
          {option.count !== undefined && <Count>{option.count}</Count>}
        </Chip>
      ))}
    </Row>
  );
}

// Phones: an even grid of 3 per row (the six sell filters took four ragged rows); wider screens: one row.
const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  padding: 2px 0 ${({ theme }) => theme.space(1)};
  @media (min-width: 768px) {
    display: flex;
    flex-wrap: wrap;
  }
`;

const Chip = styled.button`
  flex: none;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(3.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 700;
  font-size: 0.9rem;
  text-transform: capitalize;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  text-align: center;
  line-height: 1.15;
  @media (max-width: 767px) {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    font-size: 0.82rem;
  }
  gap: ${({ theme }) => theme.space(2)};
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }
`;

const Count = styled.span`
  min-width: 1.4rem;
  padding: 0 0.35rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(0, 0, 0, 0.25);
  font-size: 0.75rem;
  line-height: 1.4rem;
`;
