import styled from 'styled-components';

/** The super admin's quiet text: loading, nothing yet, where the rest of a list is, a decision already taken. */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
