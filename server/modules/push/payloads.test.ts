import { describe, expect, it } from 'vitest';
import { MAX_PUSH_PAYLOAD_BYTES } from '../../../src/domain/push';
import type { ScheduledPickupJson as ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { purchaseRequestJson } from '../../../src/domain/schemas/purchase-request.fixture';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import type { Proposal } from '../../../src/domain/schemas/deals';
import { noticesFor } from './payloads';
import { creditNotice, noShowNotice } from './player-notices';
import { wireMessage } from './wire';

const request = (over: Partial<PurchaseRequest> = {}): PurchaseRequest =>
  purchaseRequestJson({
    id: 7,
    requesterName: 'alice',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
    totalPrice: 4,
    totalItems: 2,
    contactEmail: 'alice@example.com',
    createdAt: '2026-11-22T10:00:00.000Z',
    amountDue: 4,
    ...over,
  });
const submission = (over: Partial<ItemSubmission> = {}): ItemSubmission => ({
  id: 3,
  ps5Name: 'Golden AK',
  robloxName: 'weapons',
  submittedBy: 'bob',
  imageUrl: null,
  thumbnailUrl: null,
  quantity: 1,
  hasMultipleQuantity: false,
  paymentMethod: 'usd',
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  rejectedAt: null,
  rejectionReason: null,
  ...over,
});
const pickup = (over: Partial<ScheduledPickup> = {}): ScheduledPickup => ({
  id: 5,
  submissionId: 3,
  scheduledDate: '3/14/2030',
  scheduledTime: '4:30 PM',
  isImmediate: false,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: 'open',
  agreedPrice: null,
  submission: submission({ status: 'scheduled' }),
  ...over,
});

describe('noticesFor', () => {
  it('admins are told of new requests and submissions without the player’s name, contact or items', () => {
    const [purchase] = noticesFor({ type: 'NEW_PURCHASE_REQUEST', payload: request() }, 1);
    const [sell] = noticesFor({ type: 'NEW_ITEM_SUBMISSION', payload: submission() }, 2);
    expect(purchase).toMatchObject({ to: 'admins', urgency: 'high', topic: 'purchase-7' });
    expect(sell).toMatchObject({ to: 'admins', payload: { url: '/?admin=submissions' } });
    for (const notice of [purchase, sell]) expect(JSON.stringify(notice!.payload)).not.toMatch(/alice|bob|example\.com/);
  });

  it('a player is told only of their own record, and nothing for a pending, cancelled, missed or no-show one', () => {
    expect(
      noticesFor(
        {
          type: 'PURCHASE_REQUEST_STATUS_UPDATE',
          payload: request({ status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true, promiseStatus: 'open' }),
        },
        9,
      ),
    ).toEqual([
      expect.objectContaining({
        to: { userId: 9 },
        payload: expect.objectContaining({ body: 'Your order of 2 items ($4.00) will be dropped right away.' }),
      }),
    ]);
    expect(noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved' }) }, null)).toEqual([]);
    expect(noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'cancelled' }) }, 9)).toEqual([]);
    expect(
      noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved', promiseStatus: 'missed' }) }, 9),
    ).toEqual([]);
    expect(noticesFor({ type: 'PICKUP_STATUS_UPDATE', payload: pickup({ promiseStatus: 'no-show' }) }, 9)).toEqual([]);
    expect(noticesFor({ type: 'NEW_SELL_REQUEST', payload: {} as never }, 9)).toEqual([]);
  });

  it('a pickup is told with its time, then collected, then paid, all under one topic', () => {
    const steps = [pickup(), pickup({ collectedAt: '2026-11-23T10:00:00.000Z', completed: true }), pickup({ completed: true, paid: true })];
    const notices = steps.map((payload) => noticesFor({ type: 'PICKUP_STATUS_UPDATE', payload }, 4)[0]!);
    expect(notices.map((notice) => notice.payload.title)).toEqual(['Pickup updated', 'Item collected', 'You have been paid']);
    expect(notices[0]!.payload.body).toBe('We will pick up Golden AK on 3/14/2030 at 4:30 PM.');
    expect(new Set(notices.map((notice) => notice.topic))).toEqual(new Set(['pickup-5']));
  });

  it('a declined submission carries its reason', () => {
    const [notice] = noticesFor(
      { type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: submission({ status: 'rejected', rejectionReason: 'Blurry photo' }) },
      4,
    );
    expect(notice!.payload).toMatchObject({
      title: 'Item submission declined',
      body: 'Your Golden AK was declined: Blurry photo',
      url: '/my-activity?tab=sell',
    });
  });

  it('every payload stays under the size limit and every topic is ≤ 32 URL-safe characters, however long the texts', () => {
    const long = 'x'.repeat(5000);
    const notices = [
      ...noticesFor(
        { type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ id: 2 ** 31, status: 'rejected', rejectionReason: long }) },
        1,
      ),
      ...noticesFor({ type: 'NEW_ITEM_SUBMISSION', payload: submission({ id: 2 ** 31, ps5Name: long }) }, 1),
      ...noticesFor({ type: 'NEW_SCHEDULED_PICKUP', payload: pickup({ id: 2 ** 31, submission: submission({ ps5Name: long }) }) }, 1),
      creditNotice(1, 2 ** 31, 123456789, 'missed-drop'),
    ];
    expect(notices).toHaveLength(4);
    for (const notice of notices) {
      expect(Buffer.byteLength(JSON.stringify(notice.payload))).toBeLessThan(MAX_PUSH_PAYLOAD_BYTES);
      expect(notice.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
  });

  it('describes schedules as the admin entered them', () => {
    const approved = (over: Partial<PurchaseRequest>) =>
      noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved', ...over }) }, 9)[0]!.payload.body;
    expect(approved({ scheduledDate: 'Immediately', isImmediateSchedule: true })).toMatch(/ will be dropped right away\.$/);
    expect(approved({ scheduledDate: '3/14/2030', scheduledTime: '' })).toMatch(/ will be dropped on 3\/14\/2030\.$/);
    expect(approved({ scheduledDate: null })).toMatch(/ will be dropped soon\.$/);
  });
});

describe('PROPOSAL_UPDATE', () => {
  const proposal = (over: Partial<Proposal> = {}): Proposal => ({
    id: 3,
    subjectType: 'purchase-request',
    subjectId: 7,
    scheduledDate: '3/14/2030',
    scheduledTime: '4:30 PM',
    isImmediate: false,
    promisedAt: '2030-03-14T20:30:00.000Z',
    proposedBy: 'carol',
    proposedByRole: 'admin',
    status: 'open',
    createdAt: '2026-11-22T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...over,
  });

  it('when an admin proposes, then the owner is asked with the proposal id (for Accept / Decline) and the admins are not told', () => {
    const notices = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal() }, 42);
    expect(notices).toHaveLength(1);
    expect(notices[0].to).toEqual({ userId: 42 });
    expect(notices[0].payload).toEqual({
      title: 'New drop time proposed',
      body: 'Move your drop to 3/14/2030 at 4:30 PM? Your current promised time stands until you accept.',
      url: '/my-activity?tab=buy',
      tag: 'proposal-purchase-request-7',
      proposalId: 3,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'decline', title: 'Decline' },
      ],
    });
  });

  it('when the player proposes, then admins are told; when an admin answers it, then the player is told', () => {
    expect(noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ proposedByRole: 'player', subjectType: 'pickup' }) }, 42)[0].to).toBe(
      'admins',
    );
    const answered = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ proposedByRole: 'player', status: 'accepted' }) }, 42);
    expect(answered[0]).toMatchObject({ to: { userId: 42 }, payload: { title: 'New drop time accepted' } });
    expect(noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ status: 'declined' }) }, 42)).toEqual([]);
  });
});

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
