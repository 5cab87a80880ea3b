import styled from 'styled-components';

/** A list without bullets whose items stack in a column a small gap apart (users, passkeys). */
export const StackList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;
