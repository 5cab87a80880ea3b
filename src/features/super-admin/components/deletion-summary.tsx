import styled from 'styled-components';
import { formatUsd } from '@/domain/money';
import { useDeletionPreview } from '../api/deletion-preview';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** In the delete confirmation: what the account holds and what is still open, so the super admin decides knowingly (issue 29.1). */
export function DeletionSummary({ username }: { username: string | null }) {
  const preview = useDeletionPreview(username);
  if (preview.isPending) return <Muted>Checking this account's credit and open deals…</Muted>;
  if (preview.isError) return <Muted>This account's credit and open deals could not be read.</Muted>;
  const { balance, openPurchaseRequests, openSubmissions, openPromises } = preview.data;
  const nothingOpen = balance === 0 && openPurchaseRequests === 0 && openSubmissions === 0;
  if (nothingOpen) return <Muted>No store credit and no open deals.</Muted>;
  return (
    <Facts aria-label="What this account holds">
      <li>
        Store credit: <strong>{formatUsd(balance)}</strong>
        {balance > 0 && ' (kept with the deleted account, never passed to a new one)'}
      </li>
      <li>Open purchase requests: {openPurchaseRequests}</li>
      <li>Open sell submissions: {openSubmissions}</li>
      {openPromises > 0 && <li>{plural(openPromises, 'promised time ends', 'promised times end')} with the account</li>}
    </Facts>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Facts = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;
