import styled from 'styled-components';

/** The catalogue screen's quiet line: loading, no access, no match. */
export const Muted = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
