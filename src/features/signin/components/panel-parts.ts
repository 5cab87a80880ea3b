import styled from 'styled-components';
import { PanelCard } from '@/components/panel';

/** The sign-in panels' card: its parts in a column. */
export const StackCard = styled(PanelCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

export const Title = styled.h2`
  margin: 0;
  font-size: 1.05rem;
`;

/** A column of steps whose paragraphs are muted explanations (setting up the app, the recovery codes). */
export const StepColumn = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
