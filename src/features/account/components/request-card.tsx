import styled from 'styled-components';

/** The card shell of one request in My Sell/Buy Requests. */
export const Card = styled.article`
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  padding: ${({ theme }) => theme.space(3.5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Label/value pairs in two columns. */
export const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  div {
    min-width: 0;
  }
  dt {
    font-size: 0.72rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** The status-specific box at the bottom of a card. */
export const StatusBox = styled.div<{ $tone: 'info' | 'warning' | 'success' | 'danger' | 'primary' | 'accent' }>`
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(3)};
  font-size: 0.9rem;
  border: 1px solid color-mix(in srgb, ${({ theme, $tone }) => theme.color[$tone]} 50%, transparent);
  background: color-mix(in srgb, ${({ theme, $tone }) => theme.color[$tone]} 12%, transparent);
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${({ theme }) => theme.space(1)};
  }
  strong {
    color: ${({ theme, $tone }) => theme.color[$tone === 'primary' ? 'primaryInk' : $tone === 'danger' ? 'dangerText' : $tone]};
  }
`;

/** The list of cards: one column on phones, two on tablets. */
export const CardList = styled.div`
  display: grid;
  /* One column no wider than the screen: a long word in any card wraps instead of widening every card. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: 768px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;
