import styled from 'styled-components';

/** The Cancel/Confirm pair at the foot of a form; both share the width and stand tall. */
export const FormActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  & > * {
    flex: 1;
    min-height: 52px;
  }
`;
