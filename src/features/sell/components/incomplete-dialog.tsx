import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { sellProblemText } from '../lib/sell-texts';

/** 'Submission Incomplete': lists exactly what is missing. */
export function IncompleteDialog({ missing, onClose }: { missing: string[] | null; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={missing !== null}
      onClose={onClose}
      title={_('Submission Incomplete')}
      alert
      description={_('Please complete all required fields before submitting your item.')}
      actions={
        <Button type="button" onClick={onClose}>
          {_('OK')}
        </Button>
      }
    >
      <Heading>{_('Missing Information:')}</Heading>
      <List>
        {missing?.map((item) => (
          <li key={item}>{sellProblemText(item)}</li>
        ))}
      </List>
    </Dialog>
  );
}

const Heading = styled.h3`
  margin: ${({ theme }) => theme.space(2)} 0;
  font-size: 1rem;
  color: ${({ theme }) => theme.color.warning};
`;

const List = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;
