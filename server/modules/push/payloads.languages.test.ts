import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../../src/domain/schemas/deals';
import { noticesFor } from './payloads';
import { request } from './payloads.fixture';
import { creditNotice, noShowNotice } from './player-notices';
import { wireMessage } from './wire';

describe('no-show and upheld-dispute notices (issue 47.5)', () => {
  it('a no-show tells the player the record and the time their 48 hours to dispute end, in the store’s time zone', () => {
    const notice = noShowNotice({
      userId: 9,
      kind: 'pickup',
      subjectId: 5,
      promiseId: 12,
      promisedAt: '2030-03-14T20:30:00.000Z',
      disputeBy: '2030-03-16T20:45:00.000Z',
      reader: { locale: 'en', timeZone: 'America/New_York' },
    });
    expect(notice).toMatchObject({ to: { userId: 9 }, topic: 'no-show-12', urgency: 'high' });
    expect(notice.payload).toEqual({
      title: 'No-show recorded for your pickup',
      body: 'The store recorded that you did not come to pickup #5 (promised Mar 14, 4:30 PM). If you were there, dispute it in the app by Mar 16, 4:45 PM.',
      url: '/my-activity?tab=sell',
      tag: 'no-show-12',
    });
  });

  it('credit for an upheld dispute is named for the dispute; credit for a missed promise for the late drop', () => {
    expect(creditNotice(1, 2, 175, 'missed-drop', 'dispute-upheld').payload).toMatchObject({
      title: 'Dispute upheld: store credit added',
      body: '$1.75 of store credit for your disputed drop no-show (the dispute was upheld). It is used at your next checkout.',
    });
    expect(creditNotice(1, 2, 175, 'missed-pickup').payload.body).toBe(
      '$1.75 of store credit for a late pickup. It is used at your next checkout.',
    );
  });
});

describe('in the recipient’s language (issue 50)', () => {
  const NEW_YORK = 'America/New_York';
  const reader = (locale: 'en' | 'es' | 'pt-BR') => ({ locale, timeZone: NEW_YORK });
  // Intl puts a no-break space between the amount and 'US$', and between a time and its zone.
  const text = (value: string) => value.replace(/\u00a0|\u202f/g, ' ');
  const approved = request({
    status: 'approved',
    totalItems: 3,
    totalPrice: 1234.5,
    scheduledDate: '3/14/2030',
    scheduledTime: '4:30 PM',
    promisedAt: '2030-03-14T20:30:00.000Z',
    promiseStatus: 'open',
  });
  const told = (locale: 'en' | 'es' | 'pt-BR', payload = approved) =>
    noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload }, 9, reader(locale))[0]!.payload;

  it('an approval reads in English, Spanish and Brazilian Portuguese, money and time each the language’s way, the store’s zone named', () => {
    expect(told('en')).toMatchObject({
      title: 'Purchase request approved',
      body: 'Your order of 3 items ($1,234.50) will be dropped on 3/14/2030 at 4:30 PM.',
    });
    expect(text(told('es').title)).toBe('Solicitud de compra aprobada');
    expect(text(told('es').body)).toBe('Tu pedido de 3 objetos (1234,50 US$) se entregará el 14/3/2030 a las 16:30 GMT-4.');
    expect(text(told('pt-BR').title)).toBe('Pedido de compra aprovado');
    expect(text(told('pt-BR').body)).toBe('Seu pedido de 3 itens (US$ 1.234,50) será entregue em 14/03/2030 às 16:30 GMT-4.');
    // The screen and the tag do not depend on the language.
    expect(told('pt-BR')).toMatchObject({ url: told('en').url, tag: told('en').tag });
  });

  it('a count is a plural of the language: one item, several items', () => {
    const one = { ...approved, totalItems: 1, status: 'completed' as const };
    const many = { ...approved, totalItems: 2, status: 'completed' as const };
    expect([told('en', one).body, told('en', many).body]).toEqual([
      'Your order of 1 item has been dropped. Enjoy!',
      'Your order of 2 items has been dropped. Enjoy!',
    ]);
    expect([told('es', one).body, told('es', many).body]).toEqual([
      'Tu pedido de 1 objeto ya se entregó. ¡Que lo disfrutes!',
      'Tu pedido de 2 objetos ya se entregó. ¡Que lo disfrutes!',
    ]);
    expect([told('pt-BR', one).body, told('pt-BR', many).body]).toEqual([
      'Seu pedido de 1 item foi entregue. Aproveite!',
      'Seu pedido de 2 itens foi entregue. Aproveite!',
    ]);
  });

  it('an admin’s new-request notice, store credit and a recorded no-show read in the reader’s language', () => {
    const news = (locale: 'en' | 'es' | 'pt-BR') =>
      text(noticesFor({ type: 'NEW_PURCHASE_REQUEST', payload: approved }, 9, reader(locale))[0]!.payload.body);
    expect([news('en'), news('es'), news('pt-BR')]).toEqual([
      'Request #7: 3 items, $1,234.50.',
      'Solicitud #7: 3 objetos, 1234,50 US$.',
      'Pedido #7: 3 itens, US$ 1.234,50.',
    ]);
    expect(text(creditNotice(1, 2, 175, 'missed-pickup', 'missed', reader('es')).payload.body)).toBe(
      '1,75 US$ de crédito de la tienda por una recogida fuera de hora. Se usa en tu próximo pago.',
    );
    const noShow = noShowNotice({
      userId: 9,
      kind: 'purchase-request',
      subjectId: 7,
      promiseId: 12,
      promisedAt: '2030-03-14T20:30:00.000Z',
      disputeBy: '2030-03-16T20:45:00.000Z',
      reader: reader('pt-BR'),
    }).payload;
    expect(noShow.title).toBe('Ausência registrada na sua entrega');
    expect(text(noShow.body)).toBe(
      'A loja registrou que você não apareceu na entrega do pedido #7 (prometida para 14 de mar., 16:30 GMT-4). Se você estava lá, conteste no app até 16 de mar., 16:45 GMT-4.',
    );
  });

  it('a proposed time’s buttons are titled in the player’s language, and the declarative message names it', () => {
    const proposal: Proposal = {
      id: 3,
      subjectType: 'pickup',
      subjectId: 5,
      scheduledDate: 'Immediately',
      scheduledTime: '',
      isImmediate: true,
      promisedAt: '2026-11-22T10:30:00.000Z',
      proposedBy: 'carol',
      proposedByRole: 'admin',
      status: 'open',
      createdAt: '2026-11-22T10:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
    };
    const [notice] = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal }, 42, reader('es'));
    expect(notice!.payload).toMatchObject({
      title: 'Nueva hora de recogida propuesta',
      body: '¿Hacemos tu recogida ahora mismo? La hora prometida actual sigue valiendo hasta que aceptes.',
      actions: [
        { action: 'accept', title: 'Aceptar' },
        { action: 'decline', title: 'Rechazar' },
      ],
    });
    expect(wireMessage(notice!.payload, { lang: 'es' }).notification.lang).toBe('es');
  });
});
