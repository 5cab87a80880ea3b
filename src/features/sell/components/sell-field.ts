import styled from 'styled-components';

/** A typed field of the sell form (the cash amount, another item's name): its label above it. */
export const Field = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 600;
  }
`;

export const FieldProblem = styled.span`
  min-width: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.dangerText};
`;
