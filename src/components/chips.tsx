import styled from 'styled-components';

export interface ChipOption<T extends string> {
  value: T;
  label: string;
  count?: number;
}

/** A row of filter chips; one is pressed. Wraps on narrow screens so every filter stays visible. */
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

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: 2px 0 ${({ theme }) => theme.space(1)};
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
