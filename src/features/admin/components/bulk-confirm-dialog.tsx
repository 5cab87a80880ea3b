import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ConfirmDialog } from './confirm-dialog';
import { ProofPhotoField } from './proof-photo-field';
import { useLingui } from '@/lib/i18n/react';

/**
 * The one confirmation of a bulk action (issue 33 item 5): what happens, to how many of whose records, each listed;
 * with the handover photo the single action takes (optional, as there), kept with each record.
 */
export function BulkConfirmDialog({
  open,
  title,
  question,
  items,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  question: string;
  /** One line per record: "#12 · 2 items · $4.00". */
  items: readonly string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (photo: Blob | null) => void;
}) {
  const { _ } = useLingui();
  const [photo, setPhoto] = useState<Blob | null>(null);
  useEffect(() => {
    if (!open) setPhoto(null);
  }, [open]);
  return (
    <ConfirmDialog open={open} title={title} confirmVariant="success" busy={busy} onCancel={onCancel} onConfirm={() => onConfirm(photo)}>
      <p>{question}</p>
      <Items aria-label={_('Selected items')}>
        {items.map((item, index) => (
          <li key={`${index}:${item}`}>{item}</li>
        ))}
      </Items>
      <Note>{_('Each is sent on its own and appears on its own in the history.')}</Note>
      <ProofPhotoField value={photo} onChange={setPhoto} label={_('Handover photo (optional, kept with each)')} />
    </ConfirmDialog>
  );
}

const Items = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding-left: ${({ theme }) => theme.space(5)};
  max-height: 12rem;
  overflow: auto;
  li {
    overflow-wrap: anywhere;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;
