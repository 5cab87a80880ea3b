import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { disputesQueryOptions } from '../api/disputes';
import { useLingui } from '@/lib/i18n/react';

/**
 * The settings gear's count of disputed no-shows waiting for the super admin's decision (issue 47.6): a player has
 * asked for the 25% and nobody else can answer. Loaded only for the super admin, with the disputes they prefetch.
 */
export default function DisputesBadge() {
  const { _ } = useLingui();
  const open = (useQuery(disputesQueryOptions()).data ?? []).filter((dispute) => dispute.status === 'open').length;
  if (open === 0) return null;
  const words = _('{count, plural, one {# dispute} other {# disputes}} to decide', { count: open });
  // Hidden from the gear's name ("Super Admin Settings"); the count is in its title.
  return (
    <Badge aria-hidden="true" data-testid="disputes-badge" title={words}>
      {open}
    </Badge>
  );
}

const Badge = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.25rem;
  height: 1.25rem;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.72rem;
  font-weight: 800;
  background: ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.bg};
  pointer-events: none;
`;
