import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { fromTablet } from '../../../components/theme';
import { Button } from '../../../components/button';

// Layout pieces shared by the admin screens. Tablet first: big targets, list and detail side by side
// from 768 px, stacked on phones.

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: 1fr;
  ${fromTablet} {
    grid-template-columns: repeat(auto-fill, minmax(18.5rem, 1fr));
  }
`;

export const Card = styled.li<{ $tone?: 'danger' | 'success' | 'warning' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  min-width: 0;
  ${({ theme, $tone }) =>
    $tone &&
    css`
      border-left: 4px solid ${theme.color[$tone]};
    `}
`;

export const CardTitle = styled.h3`
  font-size: 1.1rem;
  overflow-wrap: anywhere;
`;

/** Label/value rows. */
export const Meta = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  font-size: 0.95rem;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-weight: 500;
  }
`;

export function MetaRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export const Row = styled.div<{ $wrap?: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  align-items: center;
`;

/**
 * A row of card actions that share the width; each at least 48 px tall for thumbs at a drop. Each starts from
 * its label's width (flex-basis auto), so a long label such as 'Schedule' keeps its padding in a narrow card; when
 * the labels do not fit one row (four actions on a phone), they wrap to a second row instead of spilling.
 */
export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(2)};
  & > * {
    flex: 1 1 auto;
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space(3)};
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The loading and empty lines (their texts are quoted from spec §2). */
export const StateText = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 1.05rem;
`;

/** Sort and filter buttons: a wrapping row of pressable chips. */
export const ChipRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Chip = styled.button<{ $on?: boolean }>`
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on }) => ($on ? theme.color.primary : theme.color.border)};
  /* A deeper blue than the theme's primary so white text reads at 5.7:1 (WCAG AA). */
  background: ${({ theme, $on }) => ($on ? '#3b5bdb' : theme.color.surfaceRaised)};
  color: ${({ theme, $on }) => ($on ? theme.color.primaryText : theme.color.text)};
  font-weight: 600;
`;

/** List on the left, detail on the right from 768 px; stacked on phones. */
export const Split = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: 1fr;
  align-items: start;
  ${fromTablet} {
    grid-template-columns: minmax(15rem, 2fr) 3fr;
  }
`;

export const ListColumn = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  ${fromTablet} {
    max-height: calc(100dvh - 16rem);
    overflow: auto;
    padding-right: ${({ theme }) => theme.space(1)};
  }
`;

export const ListButton = styled.button<{ $selected?: boolean }>`
  width: 100%;
  min-height: 64px;
  text-align: left;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $selected }) => ($selected ? '#2c3666' : theme.color.surfaceRaised)};
  small {
    color: ${({ theme }) => theme.color.textMuted};
    grid-column: 1 / -1;
  }
  strong {
    overflow-wrap: anywhere;
  }
`;

export const DetailPanel = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

export const Badge = styled.span<{ $tone?: 'danger' | 'success' | 'warning' | 'info' | 'accent' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.6rem;
  height: 1.6rem;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.85rem;
  font-weight: 700;
  background: ${({ theme, $tone = 'danger' }) => theme.color[$tone]};
  color: ${({ $tone = 'danger' }) => ($tone === 'accent' || $tone === 'warning' ? '#1b1400' : '#fff')};
`;

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: 1fr;
  ${fromTablet} {
    grid-template-columns: 1fr 1fr;
  }
  h3 {
    font-size: 1.1rem;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

export const ItemTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  td:last-child,
  th:last-child {
    text-align: right;
  }
  tfoot td {
    font-weight: 700;
    border-bottom: none;
  }
`;

/** The Cancel/Confirm pair at the foot of a form; both share the width and stand tall. */
export const FormActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  & > * {
    flex: 1;
    min-height: 52px;
  }
`;

/** The round reject × of an approved request: a large red target. */
export const IconAction = styled.button`
  flex: 0 0 56px !important;
  min-height: 48px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: none;
  background: ${({ theme }) => theme.color.danger};
  color: #fff;
  font-size: 1.6rem;
  line-height: 1;
`;

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

/**
 * A destructive action (Deny, Reject, Yes on a rejection). White text on the theme's red is 3.6:1, under
 * WCAG AA for 16 px text; this deeper red reads 5.5:1.
 */
export const DangerButton = styled(Button).attrs({ $variant: 'danger' as const })`
  background: #c62839;
`;

/** The main action of a form; a deeper blue than the theme's primary so white text reads at 5.7:1. */
export const PrimaryButton = styled(Button).attrs({ $variant: 'primary' as const })`
  background: #3b5bdb;
`;
