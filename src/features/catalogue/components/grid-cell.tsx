import { useEffect, useState, type ClipboardEvent } from 'react';
import styled from 'styled-components';
import { cellText, pastedColumn, readCell, type EditableField } from '../lib/cell-value';

export interface GridCellProps {
  field: EditableField;
  value: number | null;
  /** The accessible name: 'Price of AK-47'. */
  label: string;
  disabled?: boolean;
  /** A value typed and left (blur or Enter) that differs from the one shown. */
  onCommit: (value: number | null) => void;
  /** Several lines pasted: this cell and the ones below it in the column take them. */
  onPasteColumn: (lines: string[]) => void;
}

/** One editable number of the grid: typed in place, saved on Enter or on leaving it; Escape puts it back. */
export function GridCell({ field, value, label, disabled, onCommit, onPasteColumn }: GridCellProps) {
  const shown = cellText(field, value);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // A live change (another admin, an undo) shows at once, unless this cell is being typed in.
  useEffect(() => setText(shown), [shown]);

  const commit = () => {
    if (text === shown) return setProblem(null);
    const read = readCell(field, text);
    if (!read.ok) return setProblem(read.message);
    setProblem(null);
    if (read.value === value) return setText(shown);
    onCommit(read.value);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = pastedColumn(event.clipboardData.getData('text/plain'));
    if (!lines) return;
    event.preventDefault();
    onPasteColumn(lines);
  };

  return (
    <Wrap>
      <Input
        aria-label={label}
        inputMode={field === 'stock' ? 'numeric' : 'decimal'}
        placeholder={field === 'stock' ? '∞' : '—'}
        value={text}
        disabled={disabled}
        aria-invalid={problem !== null}
        title={problem ?? undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onPaste={onPaste}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setText(shown);
            setProblem(null);
          }
        }}
        $prefix={field !== 'stock'}
      />
      {field !== 'stock' && <Dollar aria-hidden="true">$</Dollar>}
      {problem && <Problem role="alert">{problem}</Problem>}
    </Wrap>
  );
}

const Wrap = styled.div`
  position: relative;
  min-width: 0;
`;

const Dollar = styled.span`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: 0;
  height: 44px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.textMuted};
  pointer-events: none;
`;

const Input = styled.input<{ $prefix: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)} 0 ${({ $prefix, theme }) => ($prefix ? theme.space(5) : theme.space(2))};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-variant-numeric: tabular-nums;
  text-align: right;
  &:disabled {
    border-color: transparent;
    background: transparent;
    opacity: 1;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Problem = styled.small`
  display: block;
  margin-top: 2px;
  color: ${({ theme }) => theme.color.dangerText};
  font-size: 0.75rem;
`;
