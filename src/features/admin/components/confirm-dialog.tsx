import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useStaleRecord, type SeenRecord } from '../lib/use-stale-record';
import { StaleRecordNotice } from './stale-record-notice';
import { useLingui } from '@/lib/i18n/react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  cancelLabel?: string;
  confirmLabel?: string;
  confirmVariant?: ButtonVariant;
  busy?: boolean;
  /** The record acted on and the status the admin saw: if it moves on while open, the dialog says so instead of acting. */
  record?: SeenRecord | null;
}

/** A Yes/No confirmation (Confirm Denial, Complete Drop, Reject …, Confirm Collection, Payment Confirmation). */
export function ConfirmDialog({
  open,
  title,
  children,
  onCancel,
  onConfirm,
  cancelLabel,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  record,
}: ConfirmDialogProps) {
  const { _ } = useLingui();
  const stale = useStaleRecord(open ? record : null);
  if (stale)
    return (
      <Dialog
        open={open}
        alert
        title={title}
        onClose={onCancel}
        actions={
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {_('Back to the list')}
          </Button>
        }
      >
        <StaleRecordNotice stale={stale} />
      </Dialog>
    );
  return (
    <Dialog
      open={open}
      alert
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {cancelLabel ?? _('No')}
          </Button>
          {confirmVariant === 'danger' ? (
            <Button $variant="danger" type="button" disabled={busy} onClick={onConfirm}>
              {confirmLabel ?? _('Yes')}
            </Button>
          ) : (
            <Button type="button" $variant={confirmVariant} disabled={busy} onClick={onConfirm}>
              {confirmLabel ?? _('Yes')}
            </Button>
          )}
        </>
      }
    >
      {children}
    </Dialog>
  );
}
