// The audit log in the super admin's language (issue 50): a row's subject and step are the server's English words in
// English, and the language's words otherwise (the record's number or the item's name kept).
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadStaffTexts } from '@/lib/i18n/i18n';
import { subjectOf, titleOf } from './audit-panel';

const words = (id: string, values?: Record<string, string>) => i18n._(id, values);
const sale = {
  subjectType: 'sell-request',
  subjectId: 3,
  subject: 'Sell request #3',
  from: 'pending',
  to: 'completed',
  title: 'Requested → Completed',
};
const item = { subjectType: 'catalogue-item', subjectId: 9, subject: 'Catalogue item AK-47', from: 'active', to: 'active', note: null };

afterEach(() => activateLocale('en'));

describe('an audit row’s words', () => {
  it('in English, are the server’s', async () => {
    await activateLocale('en');
    await loadStaffTexts();
    expect([subjectOf(sale, words), titleOf(sale, 'en', words), subjectOf(item, words)]).toEqual([
      'Sell request #3',
      'Requested → Completed',
      'Catalogue item AK-47',
    ]);
  });

  it('in Spanish, are Spanish, with the number and the item’s name kept', async () => {
    await activateLocale('es');
    await loadStaffTexts();
    expect([subjectOf(sale, words), titleOf(sale, 'es', words), subjectOf(item, words)]).toEqual([
      'Solicitud de venta #3',
      'Solicitada → Completada',
      'Objeto del catálogo AK-47',
    ]);
  });
});
