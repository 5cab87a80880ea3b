import styled from 'styled-components';

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The loading and empty lines (their texts are the product's, word for word). */
export const StateText = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 1.05rem;
`;
