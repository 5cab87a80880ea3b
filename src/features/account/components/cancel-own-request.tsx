import { useLingui } from '@/lib/i18n/react';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import { useCurrentUserName } from '@/lib/current-user';
import { newIdempotencyKey, useCancelOwnRequest, type OwnRequest } from '../api/cancel-own-request';

/** "Cancel request" on a pending card: asks first, then withdraws it; a refusal says why and keeps the card. */
export function CancelOwnRequest({ request, what, note }: { request: OwnRequest; what: string; note?: string }) {
  const { _ } = useLingui();
  const username = useCurrentUserName() ?? '';
  const cancel = useCancelOwnRequest(username);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const failure =
    cancel.error instanceof ApiError
      ? (cancel.error.serverMessage ?? cancel.error.message)
      : cancel.error
        ? 'Network error. Please try again.'
        : null;
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => setOpen(true)}>
        {_('Cancel request')}
      </Button>
      <Dialog
        open={open}
        alert
        title={_('Cancel this request?')}
        onClose={close}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={close} disabled={cancel.isPending}>
              {_('Keep it')}
            </Button>
            <Button
              type="button"
              $variant="danger"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { request, key },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      // A later cancel of something else must not reuse this answer.
                      setKey(newIdempotencyKey());
                    },
                  },
                )
              }
            >
              {cancel.isPending ? _('Cancelling…') : _('Yes, cancel it')}
            </Button>
          </>
        }
      >
        <p>{_('Cancel {what}? Admins will see it as cancelled and it cannot be undone.', { what })}</p>
        {note && <p>{note}</p>}
        {failure && <ErrorText role="alert">{_(failure)}</ErrorText>}
      </Dialog>
    </>
  );
}

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;
