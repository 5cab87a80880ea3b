import styled, { css } from 'styled-components';
import { fromTablet } from '@/components/theme';

/** The card grids of the admin screens (submissions, pickups, item requests, the outbox). */
export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: 1fr;
  ${fromTablet} {
    /* auto-fit: one or two cards share the width (auto-fill kept empty tracks: on a tablet a lone card, its
       conversation with it, sat in one ~290 px column with two thirds of the dialog empty, issue 52.5). */
    grid-template-columns: repeat(auto-fit, minmax(18.5rem, 1fr));
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
  /* A card as wide as the dialog (a lone one on a tablet) lays its photo beside its title (submission-card.tsx). */
  container-type: inline-size;
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
