import type { CatalogueItem, GunClass } from '@/domain/catalogue';
import { ITEM_NAME_MAX_LENGTH, itemNameLength } from '@/domain/item-name';
import { formatCount } from '@/domain/money';
import { isAllowedQuantity, MAX_QUANTITY, parseQuantity } from '@/domain/quantity';
import { sellItems, type SellCategory, type WeaponKind } from '@/domain/sell-catalogue';
import { cashSellProblem, payoutMethodsFor } from '@/domain/cash-sell';
import { cashSelectionText, cashSellValue, sellValueOf, type PaymentMethod, type SellValue } from '@/domain/valuation';

/** What the player has chosen on the sell screen. */
export interface SellForm {
  category: SellCategory | null;
  weaponKind: WeaponKind | null;
  gunClass: GunClass | null;
  item: CatalogueItem | null;
  /** Blockspin amount typed for Cash (digits). */
  cashAmount: string;
  /** Item name typed for Other. */
  otherName: string;
  paymentMethod: PaymentMethod | null;
  quantity: string;
}

export const EMPTY_SELL_FORM: SellForm = {
  category: null,
  weaponKind: null,
  gunClass: null,
  item: null,
  cashAmount: '',
  otherName: '',
  paymentMethod: null,
  quantity: '1',
};

/** The quantity typed, when it is a whole number the server accepts (1 to the maximum). */
export function sellQuantity(text: string): number | null {
  const value = parseQuantity(text);
  return value !== null && isAllowedQuantity(value) ? value : null;
}

/** Whether the quantity typed is a whole number above the maximum the server accepts. */
export function quantityTooLarge(text: string): boolean {
  const value = parseQuantity(text);
  return value !== null && value > MAX_QUANTITY;
}

/** The Blockspin amount typed for Cash, when above 0. */
export function cashAmountOf(form: SellForm): number | null {
  const value = Number(form.cashAmount);
  return form.cashAmount !== '' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The item name submitted (ps5Name): the catalogue name, the cash text '{n} Blockspin ($x.xx USD)', or the typed name. */
export function selectedItemName(form: SellForm): string | null {
  switch (form.category) {
    case null:
      return null;
    case 'cash': {
      const amount = cashAmountOf(form);
      return amount === null ? null : cashSelectionText(amount);
    }
    case 'other':
      return form.otherName.trim() || null;
    default:
      return form.item?.name ?? null;
  }
}

/** What the player receives per item and in total; null when an admin sets the price (Other, 'Regular Pot'). */
export function selectedValue(form: SellForm): SellValue | null {
  const quantity = sellQuantity(form.quantity) ?? 1;
  if (form.category === 'cash') {
    const amount = cashAmountOf(form);
    if (amount === null) return null;
    return cashSellValue(amount, quantity);
  }
  if (form.category === 'other' || !form.item) return null;
  return sellValueOf(form.item, quantity);
}

/** What is wrong with the cash amount typed (too small to pay a cent, above the cap); null when fine or not cash. */
export function cashProblem(form: SellForm): string | null {
  const amount = form.category === 'cash' ? cashAmountOf(form) : null;
  return amount === null ? null : cashSellProblem(amount, sellQuantity(form.quantity) ?? 1, null);
}

/** The form after a change: a payout the category does not offer is dropped, and a single one is chosen for the player. */
export function withPayoutFor(form: SellForm): SellForm {
  const methods = payoutMethodsFor(form.category);
  if (form.paymentMethod !== null && !methods.includes(form.paymentMethod))
    return { ...form, paymentMethod: methods.length === 1 ? methods[0] : null };
  if (form.paymentMethod === null && methods.length === 1) return { ...form, paymentMethod: methods[0] };
  return form;
}

export const MISSING = {
  photo: 'Photo/Image of the item',
  item: 'Item selection from category',
  quantity: 'Valid quantity (must be 1 or more)',
  payment: 'Payment method selection (USD or Blockspin)',
  cash: 'Valid cash amount (must be greater than 0)',
} as const;

/** The missing-information line for a quantity above the maximum; the product's own line says only "1 or more". */
export const MISSING_QUANTITY_TOO_LARGE = `Valid quantity (at most ${formatCount(MAX_QUANTITY)})`;

/** The missing-information line for an Other name longer than the server takes. */
export const MISSING_NAME_TOO_LONG = `Item name of at most ${ITEM_NAME_MAX_LENGTH} characters`;

/** Every missing field of a submission, in the dialog's order: photo, item, quantity, payment, cash amount (empty when it can be sent). */
export function missingFields(form: SellForm, hasPhoto: boolean): string[] {
  const missing: string[] = [];
  if (!hasPhoto) missing.push(MISSING.photo);
  // For Cash the item is the amount, reported by its own line below.
  if (form.category === null || (form.category !== 'cash' && selectedItemName(form) === null)) missing.push(MISSING.item);
  else if (form.category === 'other' && itemNameLength(form.otherName) > ITEM_NAME_MAX_LENGTH) missing.push(MISSING_NAME_TOO_LONG);
  if (quantityTooLarge(form.quantity)) missing.push(MISSING_QUANTITY_TOO_LARGE);
  else if (sellQuantity(form.quantity) === null) missing.push(MISSING.quantity);
  if (form.paymentMethod === null) missing.push(MISSING.payment);
  if (form.category === 'cash' && cashAmountOf(form) === null) missing.push(MISSING.cash);
  const problem = cashProblem(form);
  if (problem) missing.push(problem);
  return missing;
}

/** The items to choose from once the form has narrowed them: a gun's class, a weapon's kind, or a whole category. */
export function itemChoices(form: SellForm, catalogue: readonly CatalogueItem[]): CatalogueItem[] {
  if (form.category === 'weapons') {
    if (form.weaponKind === 'guns') return form.gunClass ? sellItems(catalogue, 'weapons', 'guns', form.gunClass) : [];
    return form.weaponKind ? sellItems(catalogue, 'weapons', form.weaponKind) : [];
  }
  return form.category === 'consumables' || form.category === 'farming' ? sellItems(catalogue, form.category) : [];
}
