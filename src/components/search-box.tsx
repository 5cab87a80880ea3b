import styled from 'styled-components';

/** A list's search field (type=search: the phone keyboard shows a Search key, and it clears with ×). */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <Input
      type="search"
      value={value}
      placeholder={label}
      aria-label={label}
      enterKeyHint="search"
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

// Its own space below: where a list follows it directly (Super Admin users, User Item Submissions) its first row
// touched the box (issue 52.5).
const Input = styled.input`
  display: block;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  width: 100%;
  min-width: 0;
  max-width: 28rem;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;
