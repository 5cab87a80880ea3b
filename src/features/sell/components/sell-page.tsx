import { useLingui } from '@/lib/i18n/react';
import { Link, useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { Button } from '@/components/button';
import { showToast } from '@/components/toast-store';
import { getCurrentUserName } from '@/lib/current-user';
import { useSubmitSell } from '../api/submit-sell';
import { prewarmPhotoWorker, resizePhoto } from '@/lib/photo/resize-photo';
import { usePhotoPicker } from '@/components/photo-picker';
import {
  EMPTY_SELL_FORM,
  missingFields,
  quantityTooLarge,
  selectedItemName,
  selectedValue,
  sellQuantity,
  withPayoutFor,
  type SellForm,
} from '../lib/sell-form';
import { forgetSharedPhoto, peekSharedPhoto } from '@/lib/share-target';
import { MAX_QUANTITY } from '@/domain/quantity';
import { displayCount } from '@/lib/i18n/intl';
import { payoutMethodsFor } from '@/domain/cash-sell';
import { CategoryPicker } from './category-picker';
import { itemById, useCatalogue } from '@/lib/catalogue/catalogue-query';
import { StepTitle, TextInput } from './choice-chip';
import { IncompleteDialog } from './incomplete-dialog';
import { LeaveSellDialog } from './leave-sell-dialog';
import { clearSellDraft, readSellDraft, saveSellDraft } from '../lib/sell-draft';
import { PayoutChoice } from './payout-choice';
import { PhotoPreview } from './photo-preview';
import { StartView } from './start-view';

export const SELL_MESSAGES = {
  imageError: 'Error processing image. Please try again.',
  notAPhoto: 'That file is not a photo. Please choose a photo of your item (JPEG, PNG or WebP).',
  success: 'Item submitted successfully! Admins will review your submission.',
  failed: 'Failed to submit item. Please try again.',
  refused: 'Failed to submit item',
  networkError: 'Error submitting item. Please try again.',
  queued:
    "Your item couldn't be sent right now, so it was saved on this device. It will be submitted automatically when you're back online.",
} as const;

interface Photo {
  blob: Blob;
  url: string;
}

/** /sell: photo first, then category, item, payout and quantity. */
export function SellPage({ afterSubmit }: { afterSubmit?: ReactNode } = {}) {
  const { _ } = useLingui();
  const [justSent, setJustSent] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [processing, setProcessing] = useState(false);
  const [form, setForm] = useState<SellForm>(EMPTY_SELL_FORM);
  const [missing, setMissing] = useState<string[] | null>(null);
  const inFlight = useRef(false);
  const submit = useSubmitSell();
  const quantityId = useId();

  // The worker is ready before the player has picked a photo.
  useEffect(() => prewarmPhotoWorker(), []);

  // What this screen shows is kept on the device while it is unsent, and comes back (issue 47.4); `restored` holds the
  // saving back until the kept draft has been read, so an empty first render never erases it.
  const [restored, setRestored] = useState(false);
  const photoRef = useRef<Photo | null>(null);
  photoRef.current = photo;

  // A screenshot shared to the app (share target) waits in IndexedDB until this screen attaches it; else the draft.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const shared = await peekSharedPhoto();
      if (!shared) {
        const username = getCurrentUserName();
        const draft = username ? await readSellDraft(username) : null;
        if (cancelled) return;
        if (draft) {
          setPhoto({ blob: draft.photo, url: URL.createObjectURL(draft.photo) });
          setForm(draft.form);
        }
        setRestored(true);
        return;
      }
      if (cancelled) return;
      setRestored(true);
      setProcessing(true);
      try {
        const resized = await resizePhoto(shared.blob);
        if (cancelled) return;
        setPhoto({ blob: resized.blob, url: URL.createObjectURL(resized.blob) });
        await forgetSharedPhoto();
      } catch {
        if (cancelled) return;
        await forgetSharedPhoto();
        showToast({ description: SELL_MESSAGES.imageError, variant: 'destructive' });
      } finally {
        if (!cancelled) setProcessing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // The preview URL is released when the photo changes or the page closes.
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const restart = () => {
    photoRef.current = null;
    setPhoto(null);
    setForm(EMPTY_SELL_FORM);
  };

  useEffect(() => {
    const username = getCurrentUserName();
    if (!restored || !username) return;
    if (photo) void saveSellDraft(username, photo.blob, form);
    else void clearSellDraft(username);
  }, [restored, photo, form]);

  // Leaving with a photo asks first (the draft is kept either way, so Forward or a later visit finds it).
  const leaving = useBlocker({
    shouldBlockFn: () => photoRef.current !== null && !inFlight.current,
    enableBeforeUnload: false,
    withResolver: true,
  });

  // Camera or Gallery (the start view's menu): a document or a video picked from the gallery would only fail to
  // decode, and "Please try again" did not say why.
  const picker = usePhotoPicker({
    check: (file) => (file.type.startsWith('image/') ? null : SELL_MESSAGES.notAPhoto),
    unreadable: SELL_MESSAGES.imageError,
    onPhoto: (blob) => setPhoto({ blob, url: URL.createObjectURL(blob) }),
    onProblem: (description) => showToast({ description, variant: 'destructive' }),
    testIds: { camera: 'camera-input', library: 'gallery-input' },
  });

  const patch = (change: Partial<SellForm>) => setForm((current) => withPayoutFor({ ...current, ...change }));
  const itemName = selectedItemName(form);
  const quantity = sellQuantity(form.quantity);
  const tooMany = quantityTooLarge(form.quantity);
  // The item chosen, as the catalogue has it now: a valuation changed meanwhile shows at once (issue 49).
  const catalogue = useCatalogue();
  const sellable = (catalogue.data?.items ?? []).filter((item) => item.status === 'active');
  const liveItem = form.item ? (itemById(sellable, form.item.id) ?? form.item) : null;
  const value = selectedValue({ ...form, item: liveItem });

  const onSubmit = async () => {
    // Double submit is blocked while one is in flight.
    if (inFlight.current) return;
    const gaps = missingFields(form, photo !== null);
    if (gaps.length > 0 || !photo || !itemName || !form.category || !form.paymentMethod || quantity === null) {
      setMissing(gaps);
      return;
    }
    const username = getCurrentUserName();
    if (!username) {
      showToast({ description: 'Please log in to submit an item', variant: 'destructive' });
      return;
    }
    inFlight.current = true;
    try {
      const outcome = await submit.mutateAsync({
        username,
        itemName,
        category: form.category,
        quantity,
        paymentMethod: form.paymentMethod,
        photo: photo.blob,
      });
      if (outcome.status === 'refused') {
        // A refusal of the submission itself would be refused again: say the server's reason instead of "try again".
        if (outcome.message) {
          showToast({ title: SELL_MESSAGES.refused, description: outcome.message, variant: 'destructive', duration: 8000 });
        } else showToast({ description: SELL_MESSAGES.failed, variant: 'destructive' });
        return;
      }
      if (outcome.status === 'not-sent') {
        showToast({ description: SELL_MESSAGES.networkError, variant: 'destructive' });
        return;
      }
      // Kept because the session ended: the login screen it moves to says so (this is not the offline case).
      if (!(outcome.status === 'queued' && outcome.needsLogin)) {
        showToast({ description: outcome.status === 'sent' ? SELL_MESSAGES.success : SELL_MESSAGES.queued, variant: 'success' });
      }
      setJustSent(true);
      restart();
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Page>
      <Top>
        <Round to="/" aria-label={_('Back to home')}>
          ←
        </Round>
        <h1>{photo ? _('Submit My Item') : _('Sell an Item')}</h1>
        <AccountLink to="/my-activity">{_('Account')}</AccountLink>
      </Top>

      {picker.inputs}

      {!photo && justSent && afterSubmit}
      {!photo ? (
        <StartView busy={processing || picker.working} onCamera={picker.openCamera} onGallery={picker.openLibrary} />
      ) : (
        <Layout>
          <div>
            <PhotoPreview url={photo.url} onDiscard={restart} />
          </div>
          <div>
            <CategoryPicker
              form={form}
              catalogue={sellable}
              catalogueFailed={catalogue.isError && !catalogue.data}
              onRetryCatalogue={() => void catalogue.refetch()}
              onChange={patch}
            />

            {itemName && (
              <Selected role="status">
                <span>{_('Selected:')}</span> <strong>{itemName}</strong>
              </Selected>
            )}

            <StepTitle data-step="2">{_('Receiving payment')}</StepTitle>
            <PayoutChoice
              methods={payoutMethodsFor(form.category)}
              value={value}
              quantity={quantity ?? 1}
              method={form.paymentMethod}
              onChange={(paymentMethod) => patch({ paymentMethod })}
            />

            <StepTitle data-step="3" as="label" htmlFor={quantityId}>
              {_('Quantity')}
            </StepTitle>
            <TextInput
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              step={1}
              value={form.quantity}
              aria-invalid={tooMany}
              aria-describedby={tooMany ? `${quantityId}-error ${quantityId}-hint` : `${quantityId}-hint`}
              onChange={(event) => patch({ quantity: event.target.value })}
            />
            {tooMany && (
              <FieldError id={`${quantityId}-error`} role="alert">
                {_('Quantity must be at most {max}', { max: displayCount(MAX_QUANTITY) })}
              </FieldError>
            )}
            <FieldHint id={`${quantityId}-hint`}>{_('From 1 to {max}', { max: displayCount(MAX_QUANTITY) })}</FieldHint>

            <SubmitRow>
              <Button type="button" $block onClick={() => void onSubmit()} disabled={submit.isPending}>
                {submit.isPending ? _('Submitting...') : _('Submit')}
              </Button>
            </SubmitRow>
          </div>
        </Layout>
      )}

      <IncompleteDialog missing={missing} onClose={() => setMissing(null)} />
      <LeaveSellDialog
        open={leaving.status === 'blocked'}
        onStay={() => leaving.reset?.()}
        onLeave={() => leaving.proceed?.()}
        onDiscard={() => {
          const username = getCurrentUserName();
          restart();
          void (username ? clearSellDraft(username) : Promise.resolve()).then(() => leaving.proceed?.());
        }}
      />
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

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  /* One line on a phone beside the two buttons: the size follows the screen, and text that still cannot fit ends in "…". */
  h1 {
    flex: 1;
    min-width: 0;
    font-size: clamp(1.1rem, 5vw, 1.4rem);
    font-weight: 900;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ${fromTablet} {
    h1 {
      font-size: 1.75rem;
    }
  }
`;

const Round = styled(Link)`
  width: 44px;
  height: 44px;
  flex: none;
  display: grid;
  place-items: center;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-size: 1.25rem;
`;

const AccountLink = styled(Link)`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: 700;
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  ${fromTablet} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    gap: ${({ theme }) => theme.space(6)};
    align-items: start;
    & > div:first-child {
      position: sticky;
      top: ${({ theme }) => theme.space(6)};
    }
  }
`;

const Selected = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(91, 124, 250, 0.14);
  border: 1px solid ${({ theme }) => theme.color.primary};
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const FieldHint = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const FieldError = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.dangerText};
`;

const SubmitRow = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
`;
