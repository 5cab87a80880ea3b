import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { buildReceipt, receiptText, type Receipt } from '../domain/receipt';
import type { PurchaseRequest } from '../domain/schemas/purchases';
import { formatDate } from '../lib/format-date';
import { historyQueryOptions } from '../lib/history-query';
import { Button } from './button';
import { Dialog } from './dialog';
import { ReceiptIcon } from './icons';

/** 'Receipt' under a request: opens the receipt, which can be shared (Web Share) or printed / saved as PDF. */
export function ReceiptButton({ request, label = 'Receipt' }: { request: PurchaseRequest; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        <ReceiptIcon size={18} /> {label}
      </Button>
      {open && <ReceiptDialog request={request} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The receipt of one purchase request: items, quantities, prices, credit, amount due, the promise, who handed it over. */
export function ReceiptDialog({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { _ } = useLingui();
  // Who handed it over is in the timeline (the admin who completed it); read only for a completed request.
  const history = useQuery({ ...historyQueryOptions('purchase-request', request.id), enabled: request.status === 'completed' });
  const handedOverBy = [...(history.data ?? [])].reverse().find((step) => step.to === 'completed')?.actorName ?? null;
  const receipt = buildReceipt(request, handedOverBy);
  const placed = formatDate(request.requestedAt ?? request.createdAt);
  const [note, setNote] = useState<string | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ title: receipt.title, text: receiptText(receipt, placed) });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setNote('Sharing did not work here. Use Print to save it instead.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Receipt — Request #${request.id}`}
      size="md"
      actions={
        <>
          {canShare && (
            <Button type="button" $variant="secondary" onClick={() => void share()}>
              {_('Share')}
            </Button>
          )}
          <Button type="button" onClick={() => window.print()}>
            {_('Print or save')}
          </Button>
        </>
      }
    >
      <PrintOnlyReceipt />
      <ReceiptSheet receipt={receipt} placed={placed} status={request.status} />
      {note && <p role="alert">{note}</p>}
    </Dialog>
  );
}

/** The receipt itself: what was bought, the sums, the promise and who handed it over (all that is printed). */
function ReceiptSheet({ receipt, placed, status }: { receipt: Receipt; placed: string; status: PurchaseRequest['status'] }) {
  const { _ } = useLingui();
  return (
    <Sheet data-receipt data-testid="receipt">
      <h3>{receipt.title}</h3>
      <p className="muted">
        {_('Placed {date}', { date: placed })} · <span className="status">{status}</span>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{_('Item')}</th>
            <th scope="col">{_('Total')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={`${line.name}-${index}`}>
              <td>
                {line.name}
                <small>
                  {line.category} · {line.each}
                </small>
              </td>
              <td>{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        <div>
          <dt>{_('Total')}</dt>
          <dd>{receipt.total}</dd>
        </div>
        {receipt.credit && (
          <div>
            <dt>{_('Store credit')}</dt>
            <dd>{receipt.credit}</dd>
          </div>
        )}
        <div className="due">
          <dt>{_('Amount due')}</dt>
          <dd>{receipt.due}</dd>
        </div>
      </dl>
      <p>{receipt.promise}</p>
      {receipt.handedOverBy && <p>{_('Handed over by {name}', { name: receipt.handedOverBy })}</p>}
    </Sheet>
  );
}

// Printing shows the receipt alone, in black on white, whatever the app's appearance.
const PrintOnlyReceipt = createGlobalStyle`
  @media print {
    body * { visibility: hidden !important; }
    [data-receipt], [data-receipt] * { visibility: visible !important; color: #000 !important; background: #fff !important; }
    [data-receipt] { position: fixed; inset: 0 auto auto 0; width: 100%; padding: 1rem; }
    dialog::backdrop { background: #fff !important; }
  }
`;

const Sheet = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  .muted {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  .status {
    text-transform: capitalize;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
  }
  th {
    text-align: left;
    font-size: 0.72rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.color.textMuted};
    padding-bottom: ${({ theme }) => theme.space(1)};
  }
  td {
    padding: ${({ theme }) => theme.space(1.5)} 0;
    border-top: 1px solid ${({ theme }) => theme.color.border};
    vertical-align: top;
  }
  th:not(:first-child),
  td:not(:first-child) {
    text-align: right;
    white-space: nowrap;
    padding-left: ${({ theme }) => theme.space(2)};
  }
  td small {
    display: block;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dl {
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  dl div {
    display: flex;
    justify-content: space-between;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .due dd {
    font-weight: 800;
  }
`;
