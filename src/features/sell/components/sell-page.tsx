import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { showToast } from '@/components/toast-store';
import { usePhotoPicker } from '@/components/photo-picker';
import { useLingui } from '@/lib/i18n/react';
import { SELL_MESSAGES } from '../lib/sell-messages';
import { IncompleteDialog } from './incomplete-dialog';
import { LeaveSellDialog } from './leave-sell-dialog';
import { SellDetails } from './sell-details';
import { SellTopBar } from './sell-top-bar';
import { StartView } from './start-view';
import { useLeaveSell } from './use-leave-sell';
import { sellPhotoOf, useSellDraft } from './use-sell-draft';
import { useSellableItems } from './use-sellable-items';
import { useSendSell } from './use-send-sell';

/** /sell: photo first, then category, item, payout and quantity. */
export function SellPage({ afterSubmit }: { afterSubmit?: ReactNode } = {}) {
  const { _ } = useLingui();
  const [justSent, setJustSent] = useState(false);
  const { photo, setPhoto, photoRef, form, patch, processing, restart } = useSellDraft();
  const sellable = useSellableItems();
  const { send, sending, inFlight, missing, closeMissing } = useSendSell(form, photo, () => {
    setJustSent(true);
    restart();
  });
  const leave = useLeaveSell(photoRef, inFlight, restart);

  // Camera or Gallery (the start view's menu): a document or a video picked from the gallery would only fail to
  // decode, and "Please try again" did not say why.
  const picker = usePhotoPicker({
    check: (file) => (file.type.startsWith('image/') ? null : SELL_MESSAGES.notAPhoto),
    unreadable: SELL_MESSAGES.imageError,
    onPhoto: (blob) => setPhoto(sellPhotoOf(blob)),
    onProblem: (description) => showToast({ description, variant: 'destructive' }),
    testIds: { camera: 'camera-input', library: 'gallery-input' },
  });

  return (
    <Page>
      <SellTopBar title={photo ? _('Submit My Item') : _('Sell an Item')} />

      {picker.inputs}

      {!photo && justSent && afterSubmit}
      {!photo ? (
        <StartView busy={processing || picker.working} onCamera={picker.openCamera} onGallery={picker.openLibrary} />
      ) : (
        <SellDetails
          photoUrl={photo.url}
          form={form}
          sellable={sellable}
          onChange={patch}
          onDiscard={restart}
          onSubmit={() => void send()}
          sending={sending}
        />
      )}

      <IncompleteDialog missing={missing} onClose={closeMissing} />
      <LeaveSellDialog {...leave} />
    </Page>
  );
}

const Page = styled.main`
  width: 100%;
  max-width: 64rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(16)};
  ${fromTablet} {
    padding: ${({ theme }) => theme.space(6)};
  }
`;
