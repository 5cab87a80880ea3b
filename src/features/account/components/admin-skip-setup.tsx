import { useLingui } from '@/lib/i18n/react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

export const ADMIN_SKIP_TEXT = 'Skip for now';

/** For an admin in the first-time setup: the contact is for players, so an admin may go straight home. */
export function AdminSkipSetup() {
  const { _ } = useLingui();
  return (
    <p>
      {_('As an admin you can add it later.')} <Skip to="/">{_(ADMIN_SKIP_TEXT)}</Skip>
    </p>
  );
}

const Skip = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touch};
  font-weight: 700;
  color: ${({ theme }) => theme.color.primaryInk};
`;
