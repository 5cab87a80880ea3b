import styled from 'styled-components';

/** One card of a user's page: their profile, their credit, their requests or their sales. */
export const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  h4 {
    margin: 0;
    font-size: 1rem;
  }
`;
