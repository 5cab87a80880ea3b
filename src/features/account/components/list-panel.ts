import styled from 'styled-components';

/** The column that holds My Sell Requests and My Buy Requests: heading, filters, cards. */
export const ListPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  .section-title {
    font-size: 1.1rem;
    font-weight: 800;
  }
`;
