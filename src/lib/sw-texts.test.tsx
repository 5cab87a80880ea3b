// The app hands the service worker its words in the language shown (src/lib/sw-texts.ts, issue 50).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { writeWorkerTexts } from './background-start';
import { kvGet } from './db';
import { activateLocale } from './i18n/i18n';
import { SW_TEXTS, SW_TEXTS_KEY, swText, type SwTexts } from './sw-texts';
import { deleteTestDb } from '../test/idb';

afterEach(async () => {
  await activateLocale('en');
  await deleteTestDb();
});

describe('the service worker’s words', () => {
  it('are written in the language shown, every one of them, the count left for the worker to fill in', async () => {
    await activateLocale('pt-BR');
    await writeWorkerTexts();
    const stored = await kvGet<SwTexts>(SW_TEXTS_KEY);
    expect(stored?.lang).toBe('pt-BR');
    expect(Object.keys(stored?.texts ?? {}).sort()).toEqual(Object.keys(SW_TEXTS).sort());
    expect(stored?.texts.fallback).toBe('Você tem uma novidade. Abra o app para ver.');
    expect(swText(stored, 'adminRefusedMany', { count: 4 })).toBe(
      '4 ações de admin na fila foram recusadas. Abra Aguardando envio para tentar de novo ou descartá-las.',
    );
  });
});
