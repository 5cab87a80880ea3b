// A record's history in the player's language (issue 50): the steps' titles are written from the catalogues, and in
// English they read exactly as the server's titles (src/domain/history-wording.ts without the app's words).
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { stepTitle } from './history-timeline';

const steps = [
  { from: null, to: 'pending', note: null },
  { from: 'pending', to: 'approved', note: null },
  { from: 'approved', to: 'approved', note: 'Drop rescheduled to 3/14/2030 at 4:30 PM.' },
  { from: 'approved', to: 'approved', note: 'Drop rescheduled to 3/14/2030 at 5:00 PM.' },
  { from: 'approved', to: 'approved', note: 'The player did not show for the drop.' },
  { from: 'approved', to: 'completed', note: null },
  { from: 'scheduled', to: 'no-show', note: null },
  { from: 'approved', to: 'approved', note: 'Something the rules do not name.' },
];
const words = (id: string, values?: Record<string, string>) => i18n._(id, values);

afterEach(() => activateLocale('en'));

describe('history step titles in the language shown', () => {
  it('in English, they read as the server writes them', async () => {
    await activateLocale('en');
    expect(steps.map((_, index) => stepTitle(steps, index, words))).toEqual(steps.map((_, index) => stepTitle(steps, index)));
  });

  it('in Brazilian Portuguese and Spanish, every part is in the language (the times stay as the note wrote them)', async () => {
    await activateLocale('pt-BR');
    expect(steps.map((_, index) => stepTitle(steps, index, words))).toEqual([
      'Solicitado',
      'Solicitado → Aprovado',
      'Reagendado para 3/14/2030 at 4:30 PM',
      'Reagendado de 3/14/2030 at 4:30 PM para 3/14/2030 at 5:00 PM',
      'Ausência registrada',
      'Aprovado → Concluído',
      'Agendado → O jogador não apareceu',
      'Aprovado: atualizado',
    ]);
    await activateLocale('es');
    expect(stepTitle(steps, 5, words)).toBe('Aprobada → Completada');
  });
});
