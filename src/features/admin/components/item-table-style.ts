import styled from 'styled-components';
import { fromTablet } from '@/components/theme';

// Four columns fit a phone in every language: narrow gaps there (money in Portuguese, 'US$ 18,00', is wider than
// '$18.00'), and a heading wraps between its words rather than pushing the total out.
export const ItemTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(1)}`};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }

  ${fromTablet} {
    font-size: 1rem;
    th,
    td {
      padding: ${({ theme }) => theme.space(2)};
    }
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
