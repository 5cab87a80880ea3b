import styled from 'styled-components';

/**
 * A list of short records, each a tinted box of a title line and muted detail lines (`small`, a quoted reason `q`):
 * the store credit ledger (store-credit.tsx, the player's and the super admin's) and a user's requests and sales on
 * the super admin's user page. `$tint` is the boxes' background: the page's own (`bg`, the default) or a raised one
 * on a card of the page's colour.
 */
export const EntryList = styled.ul<{ $tint?: 'bg' | 'surfaceRaised' }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  & > li {
    display: grid;
    gap: 2px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme, $tint = 'bg' }) => theme.color[$tint]};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small,
  q {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.875rem;
  }
`;
