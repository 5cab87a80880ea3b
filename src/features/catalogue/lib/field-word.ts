// How an item's field and its values read in the item's history and the CSV import's preview, in the language shown.
// The fields are the API's names (price, sellPrice, …); one the app does not know reads as the server wrote it.
import { i18n } from '@/lib/i18n/i18n';

/** 'price', 'sell price', 'created': a field of an item's history or of a CSV row, as a person reads it. */
export function fieldWord(field: string): string {
  switch (field) {
    case 'price':
      return i18n._('price');
    case 'sellPrice':
      return i18n._('sell price');
    case 'stock':
      return i18n._('stock');
    case 'status':
      return i18n._('status');
    case 'name':
      return i18n._('name');
    case 'category':
      return i18n._('category');
    case 'subcategory':
      return i18n._('subcategory');
    case 'photo':
      return i18n._('photo');
    case 'created':
      return i18n._('created');
    default:
      return field;
  }
}

/** A status value ('hidden') as a person reads it; any other value as it is. */
export function statusValue(value: string): string {
  if (value === 'active') return i18n._('active');
  if (value === 'hidden') return i18n._('hidden');
  return value === 'archived' ? i18n._('archived') : value;
}
