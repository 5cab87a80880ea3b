import { useId } from 'react';
import styled from 'styled-components';
import { MAX_QUANTITY } from '@/domain/quantity';
import { displayCents, displayCount } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { lineName, lineTotal, type PricedLine } from '../lib/cart-lines';

export interface CartLineRowProps {
  line: PricedLine;
  onStep: (delta: number) => void;
  onRemove: () => void;
}

/** One cart line: name, a stepper that never goes below 1, the line price and a remove button. */
export function CartLineRow({ line, onStep, onRemove }: CartLineRowProps) {
  const { _ } = useLingui();
  const name = lineName(line);
  const atMost = line.quantity >= MAX_QUANTITY;
  const atStock = line.left !== null && line.quantity >= line.left;
  const limitId = useId();
  return (
    <Row>
      <Name>
        <strong>{name}</strong>
        {atMost && (
          <Limit id={limitId} data-over={line.quantity > MAX_QUANTITY || undefined}>
            {line.quantity > MAX_QUANTITY
              ? _('Too many: one request takes at most {max} of an item. Lower it to send.', { max: displayCount(MAX_QUANTITY) })
              : _('Maximum reached: {max} per request', { max: displayCount(MAX_QUANTITY) })}
          </Limit>
        )}
        {line.problem ? (
          <Limit data-over data-testid="line-problem">
            {line.problem}
          </Limit>
        ) : (
          atStock &&
          !atMost && <Limit id={limitId}>{_('{count, plural, one {Only # left} other {Only # left}}', { count: line.left ?? 0 })}</Limit>
        )}
        {line.previousCents !== undefined && (
          // The price moved since the line was added (issue 49): the player sees it before anything is sent.
          <Moved data-testid="line-price-moved">
            <Trans
              id="Price changed: <0>{before}</0> → <1>{now}</1>"
              values={{ before: displayCents(line.previousCents), now: displayCents(line.priceCents) }}
              components={{ 0: <s />, 1: <strong /> }}
            />
          </Moved>
        )}
      </Name>
      <Stepper role="group" aria-label={_('Quantity of {name}', { name })}>
        <StepButton type="button" aria-label={_('Decrease {name}', { name })} disabled={line.quantity <= 1} onClick={() => onStep(-1)}>
          −
        </StepButton>
        <Qty aria-live="polite" data-testid="line-quantity">
          {displayCount(line.quantity)}
        </Qty>
        <StepButton
          type="button"
          aria-label={_('Increase {name}', { name })}
          aria-describedby={atMost || atStock ? limitId : undefined}
          disabled={atMost || atStock}
          onClick={() => onStep(1)}
        >
          +
        </StepButton>
      </Stepper>
      {/* "4 × $2.99" beside the line total, so the unit price is never read as the line's (issue 30 item 2). */}
      <Each data-testid="line-each">
        {displayCount(line.quantity)} × {displayCents(line.priceCents)}
      </Each>
      <Price data-testid="line-price">{displayCents(lineTotal(line))}</Price>
      <Remove type="button" aria-label={_('Remove {name}', { name })} onClick={onRemove}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z" />
        </svg>
      </Remove>
    </Row>
  );
}

// On a phone a line is two short rows (name; stepper, "4 × $2.99", total, remove), about 74 px, so three lines fit
// the specification's 16rem list under a category title (issue 30 item 6: one and a half showed).
const Row = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  grid-template-areas: 'name name name name' 'stepper each price remove';
  align-items: center;
  column-gap: ${({ theme }) => theme.space(2)};
  row-gap: 2px;
  padding: ${({ theme }) => theme.space(1)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  &:last-child {
    border-bottom: none;
  }
  @media (min-width: 480px) {
    grid-template-columns: minmax(0, 1fr) auto auto 5.5rem auto;
    grid-template-areas: 'name stepper each price remove';
    padding: ${({ theme }) => theme.space(2)} 0;
  }
`;

// It may wrap before its price ('2 ×' over 'US$ 18,00': Portuguese and Spanish write money longer), so on a phone it
// never runs under the stepper beside it.
const Each = styled.span`
  grid-area: each;
  justify-self: end;
  min-width: 0;
  text-align: end;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Name = styled.div`
  grid-area: name;
  display: flex;
  flex-direction: column;
  min-width: 0;
  strong {
    overflow-wrap: anywhere;
    line-height: 1.25;
    font-size: 0.9rem;
  }
`;

const Limit = styled.small`
  && {
    color: ${({ theme }) => theme.color.warning};
    font-weight: 600;
  }
  &&[data-over] {
    color: ${({ theme }) => theme.color.dangerText};
  }
`;

const Moved = styled.small`
  && {
    color: ${({ theme }) => theme.color.warning};
    font-weight: 600;
  }
  s {
    color: ${({ theme }) => theme.color.textMuted};
  }
  && strong {
    font-size: inherit;
  }
`;

const Stepper = styled.div`
  grid-area: stepper;
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.bg};
  justify-self: start;
`;

const StepButton = styled.button`
  width: 44px;
  height: 44px;
  border: none;
  background: transparent;
  font-size: 1.3rem;
  font-weight: 700;
  border-radius: ${({ theme }) => theme.radius.pill};
  &:disabled {
    opacity: 0.35;
    cursor: not-allowed;
  }
`;

const Qty = styled.span`
  min-width: 2rem;
  text-align: center;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Price = styled.span`
  grid-area: price;
  justify-self: end;
  font-weight: 700;
  color: ${({ theme }) => theme.color.accent};
  font-variant-numeric: tabular-nums;
`;

const Remove = styled.button`
  grid-area: remove;
  justify-self: end;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.color.danger};
  &:hover {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;
