import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { Button } from '@/components/button';
import { payoutMethodsFor } from '@/domain/cash-sell';
import { itemById } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { selectedItemName, selectedValue, sellQuantity, type SellForm } from '../lib/sell-form';
import { CategoryPicker } from './category-picker';
import { StepTitle } from './choice-chip';
import { PayoutChoice } from './payout-choice';
import { PhotoPreview } from './photo-preview';
import { QuantityStep } from './quantity-step';
import type { SellableItems } from './use-sellable-items';

export interface SellDetailsProps {
  photoUrl: string;
  form: SellForm;
  sellable: SellableItems;
  onChange: (patch: Partial<SellForm>) => void;
  onDiscard: () => void;
  onSubmit: () => void;
  sending: boolean;
}

/** Once there is a photo: the photo beside the steps — what it is, how to be paid, how many — and Submit. */
export function SellDetails({ photoUrl, form, sellable, onChange, onDiscard, onSubmit, sending }: SellDetailsProps) {
  const { _ } = useLingui();
  const itemName = selectedItemName(form);
  const quantity = sellQuantity(form.quantity);
  // The item chosen, as the catalogue has it now: a valuation changed meanwhile shows at once (issue 49).
  const liveItem = form.item ? (itemById(sellable.items, form.item.id) ?? form.item) : null;
  const value = selectedValue({ ...form, item: liveItem });
  return (
    <Layout>
      <div>
        <PhotoPreview url={photoUrl} onDiscard={onDiscard} />
      </div>
      <div>
        <CategoryPicker
          form={form}
          catalogue={sellable.items}
          catalogueFailed={sellable.failed}
          onRetryCatalogue={sellable.retry}
          onChange={onChange}
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
          onChange={(paymentMethod) => onChange({ paymentMethod })}
        />

        <QuantityStep quantity={form.quantity} onChange={(typed) => onChange({ quantity: typed })} />

        <SubmitRow>
          <Button type="button" $block onClick={onSubmit} disabled={sending}>
            {sending ? _('Submitting...') : _('Submit')}
          </Button>
        </SubmitRow>
      </div>
    </Layout>
  );
}

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

const SubmitRow = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
`;
