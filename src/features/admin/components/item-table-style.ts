import styled from 'styled-components';

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
