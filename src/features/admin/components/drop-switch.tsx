import styled from 'styled-components';

/** An on/off toggle drawn as a switch (a knob that slides), so it reads differently from the sort chips. */
export const Switch = styled.button`
  min-height: ${({ theme }) => theme.touch};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px dashed ${({ theme }) => theme.color.border};
  background: transparent;
  font-weight: 600;
  &::before {
    content: '';
    width: 2.4rem;
    height: 1.4rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.border} radial-gradient(circle at 0.7rem 50%, #fff 0.5rem, transparent 0.55rem);
    transition: background-position 0.15s ease;
  }
  &[aria-checked='true'] {
    border-style: solid;
    border-color: ${({ theme }) => theme.color.accent};
  }
  &[aria-checked='true']::before {
    background: ${({ theme }) => theme.color.accent} radial-gradient(circle at 1.7rem 50%, #1b1400 0.5rem, transparent 0.55rem);
  }
`;

/** The round reject × of an approved request: a large red target. */
/** The red reject action beside a drop's buttons: '× Reject', the word saying what the × does. */
export const IconAction = styled.button`
  flex: 0 0 auto !important;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: none;
  background: ${({ theme }) => theme.color.danger};
  color: #fff;
  font-weight: 700;
  line-height: 1;
`;

/** The row the drop switches sit in; they wrap on a phone. */
export const SwitchRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
