import styled from 'styled-components';
import { fromTablet } from '@/components/theme';

/** The shop grid: two columns on a phone, more on tablets. */
export const ItemGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: 560px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${fromTablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media (min-width: 1100px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

export const SubHeading = styled.h3`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  font-size: 0.8rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textMuted};
  &:first-child {
    margin-top: 0;
  }
`;
