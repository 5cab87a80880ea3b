import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import styled from 'styled-components';
import { lazyDateFormat } from '../lib/lazy-date-format';

const format = lazyDateFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Marks a list shown from the last data received while offline, with that data's time. */
export function OfflineDataNote({ savedAt }: { savedAt: string }) {
  const { _ } = useLingui();
  return (
    <Note role="note" data-testid="offline-data-note">
      <Trans id="Offline data — last updated <0/>" components={{ 0: <time dateTime={savedAt}>{format.format(new Date(savedAt))}</time> }} />
    </Note>
  );
}

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;
