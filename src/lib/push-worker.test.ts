import { describe, expect, it, vi } from 'vitest';
import { answerProposal, failedAdminNotification, notificationFor, openScreen, renewSubscription, safePath } from './push-worker';
import type { SwTexts } from './sw-texts';

const ORIGIN = 'https://market.example';

describe('notificationFor', () => {
  it('shows the payload’s title and body, replaces by its tag, and keeps the screen to open', () => {
    const shown = notificationFor(
      JSON.stringify({
        title: 'Pickup scheduled',
        body: 'We will pick up Glock right away.',
        url: '/my-activity?tab=sell',
        tag: 'pickup-4',
      }),
      ORIGIN,
    );
    expect(shown).toMatchObject({
      title: 'Pickup scheduled',
      options: { body: 'We will pick up Glock right away.', tag: 'pickup-4', data: { url: '/my-activity?tab=sell' } },
    });
  });
  it('when a message is declarative with the classic fields beside it (what the server sends), then the classic ones are shown', () => {
    const sent = {
      web_push: 8030,
      notification: {
        title: 'Order completed',
        body: 'Enjoy!',
        navigate: '/my-activity?tab=buy',
        tag: 'purchase-7',
        data: { url: '/my-activity?tab=buy' },
      },
      title: 'Order completed',
      body: 'Enjoy!',
      url: '/my-activity?tab=buy',
      tag: 'purchase-7',
    };
    expect(notificationFor(JSON.stringify(sent), ORIGIN)).toMatchObject({
      title: 'Order completed',
      options: { body: 'Enjoy!', tag: 'purchase-7', data: { url: '/my-activity?tab=buy' } },
    });
  });
  it('when a message is declarative only (no classic fields beside it), then its notification is shown and opens its screen', () => {
    const shown = notificationFor(
      JSON.stringify({
        web_push: 8030,
        notification: { title: 'Order completed', body: 'Enjoy!', navigate: '/my-activity?tab=buy', data: { proposalId: 3 } },
      }),
      ORIGIN,
    );
    expect(shown).toMatchObject({
      title: 'Order completed',
      options: { body: 'Enjoy!', data: { url: '/my-activity?tab=buy', proposalId: 3 } },
    });
    expect(notificationFor(JSON.stringify({ web_push: 8030, notification: { title: 'x' } }), ORIGIN).title).toBe('Blockspin Market');
  });
  it.each([null, '', 'not json', '{"title":3}'])('when the payload is %j, then a plain notification still shows', (text) => {
    expect(notificationFor(text, ORIGIN)).toMatchObject({ title: 'Blockspin Market', options: { data: { url: '/' } } });
  });
  it('never opens another site', () => {
    expect(safePath('https://evil.example/x', ORIGIN)).toBe('/');
    expect(safePath('//evil.example/x', ORIGIN)).toBe('/');
    expect(safePath('/?admin=pending', ORIGIN)).toBe('/?admin=pending');
  });
});

describe('failedAdminNotification', () => {
  it('names the one refused action with its reason, or counts several', () => {
    expect(failedAdminNotification([{ label: 'Approve: 3 items from alice', error: 'Already rejected by dave.' }]).options).toMatchObject({
      body: 'Approve: 3 items from alice — Already rejected by dave.',
      data: { url: '/admin/outbox' },
    });
    expect(failedAdminNotification([{ label: 'a' }, { label: 'b' }]).title).toBe('Queued admin actions failed');
  });
});

describe('openScreen', () => {
  const windowAt = (url: string) => {
    const client = { url, focus: vi.fn(async () => client), navigate: vi.fn(async () => client) };
    return client;
  };
  it('when the app is open, then that window is focused and moved to the screen', async () => {
    const open = windowAt(`${ORIGIN}/`);
    const clients = { matchAll: vi.fn(async () => [open]), openWindow: vi.fn() };
    await openScreen(clients, '/my-activity?tab=buy', ORIGIN);
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/my-activity?tab=buy`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
  it('when no window is open (or it cannot be moved), then a new one opens on the screen', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openScreen(clients, '/?admin=submissions', ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/?admin=submissions`);
    const stuck = windowAt(`${ORIGIN}/`);
    stuck.navigate.mockRejectedValue(new Error('not controlled'));
    const again = { matchAll: vi.fn(async () => [stuck]), openWindow: vi.fn(async () => null) };
    await openScreen(again, '/my-activity?tab=sell', ORIGIN);
    expect(again.openWindow).toHaveBeenCalledWith(`${ORIGIN}/my-activity?tab=sell`);
  });
});

describe('a proposed time on a notification', () => {
  it('shows Accept and Decline and keeps the proposal id', () => {
    const shown = notificationFor(
      JSON.stringify({ title: 'New drop time proposed', body: 'Move your drop?', url: '/my-activity?tab=buy', tag: 'p', proposalId: 9 }),
      'https://market.example',
    );
    expect(shown.options.actions).toEqual([
      { action: 'accept', title: 'Accept' },
      { action: 'decline', title: 'Decline' },
    ]);
    expect(shown.options.data).toEqual({ url: '/my-activity?tab=buy', proposalId: 9 });
  });

  it('when the push titles the buttons in the player’s language (issue 50), then they show so', () => {
    const actions = [
      { action: 'accept', title: 'Aceitar' },
      { action: 'decline', title: 'Recusar' },
    ];
    const shown = notificationFor(
      JSON.stringify({
        title: 'Novo horário de entrega proposto',
        body: '…',
        url: '/my-activity?tab=buy',
        tag: 'p',
        proposalId: 9,
        actions,
      }),
      'https://market.example',
    );
    expect(shown.options.actions).toEqual(actions);
  });

  it('when the message names its language, then the notification says it is in that language', () => {
    const message = {
      title: 'Pedido concluído',
      body: '…',
      url: '/',
      tag: 't',
      notification: { title: 'Pedido concluído', navigate: '/', lang: 'pt-BR' },
    };
    expect(notificationFor(JSON.stringify(message), 'https://market.example').options.lang).toBe('pt-BR');
    expect(notificationFor(JSON.stringify({ ...message, notification: undefined }), 'https://market.example').options.lang).toBe('en');
  });

  it('when Accept is pressed, then the proposal is accepted with the session cookie and the answer says so; a refusal shows the server’s reason', async () => {
    const fetcher = vi.fn(async () => new Response('{}', { status: 200 }));
    const done = await answerProposal(fetcher as unknown as typeof fetch, 9, 'accept', '/my-activity?tab=buy');
    expect(fetcher).toHaveBeenCalledWith('/api/proposals/9/accept', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(done.title).toBe('New time accepted');
    const refused = vi.fn(async () => new Response(JSON.stringify({ message: 'Already declined by alice at 1:00 PM.' }), { status: 409 }));
    const failed = await answerProposal(refused as unknown as typeof fetch, 9, 'accept', '/');
    expect(failed).toMatchObject({ title: 'Your answer was not sent', options: { body: 'Already declined by alice at 1:00 PM.' } });
  });
});

describe('renewSubscription (issue 47.10)', () => {
  const subscription = (endpoint: string) =>
    ({
      endpoint,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    }) as unknown as PushSubscription;
  const posted = () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const fetcher = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response('{}', { status: 201 });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  };

  it('when the browser hands a new subscription, then it is registered with the server', async () => {
    const { calls, fetcher } = posted();
    const manager = { getSubscription: vi.fn(), subscribe: vi.fn() };
    expect(await renewSubscription(manager, { newSubscription: subscription('https://push.example/new') }, fetcher)).toBe(true);
    expect(calls).toEqual([
      { url: '/api/push/subscriptions', body: { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } } },
    ]);
    expect(manager.subscribe).not.toHaveBeenCalled();
  });

  it('when only the old one is known, then one is made again with its options and registered; with neither, nothing is sent', async () => {
    const { calls, fetcher } = posted();
    const old = subscription('https://push.example/old');
    const manager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription('https://push.example/again')) };
    expect(await renewSubscription(manager, { oldSubscription: old, newSubscription: null }, fetcher)).toBe(true);
    expect(manager.subscribe).toHaveBeenCalledWith(old.options);
    expect(calls.map((call) => (call.body as { endpoint: string }).endpoint)).toEqual(['https://push.example/again']);
    expect(await renewSubscription({ getSubscription: async () => null, subscribe: vi.fn() }, {}, fetcher)).toBe(false);
    expect(calls).toHaveLength(1);
  });
});

describe('the worker’s own words in the language the app last showed (issue 50)', () => {
  const portuguese: SwTexts = {
    lang: 'pt-BR',
    texts: {
      fallback: 'Você tem uma novidade. Abra o app para ver.',
      accept: 'Aceitar',
      decline: 'Recusar',
      accepted: 'Novo horário aceito',
      acceptedBody: 'O novo horário agora é o prometido.',
      offline: 'Sem conexão. Abra o app para responder.',
      notSent: 'Sua resposta não foi enviada',
      adminFailedMany: 'Ações de admin na fila falharam',
      adminRefusedMany: '{count} ações de admin na fila foram recusadas. Abra Aguardando envio para tentar de novo ou descartá-las.',
    },
  };

  it('when a push cannot be read, then its stand-in is in that language; with none stored, in English', () => {
    expect(notificationFor('not json', 'https://shop.test', portuguese)).toMatchObject({
      title: 'Blockspin Market',
      options: { body: 'Você tem uma novidade. Abra o app para ver.', lang: 'pt-BR' },
    });
    expect(notificationFor(null, 'https://shop.test').options).toMatchObject({
      body: 'You have an update. Open the app to see it.',
      lang: 'en',
    });
  });

  it('when a proposal’s push does not title its buttons, then they are in that language', () => {
    const shown = notificationFor(
      JSON.stringify({ title: 'x', body: 'y', url: '/', tag: 't', proposalId: 3 }),
      'https://shop.test',
      portuguese,
    );
    expect(shown.options.actions).toEqual([
      { action: 'accept', title: 'Aceitar' },
      { action: 'decline', title: 'Recusar' },
    ]);
  });

  it('when an answer is sent or cannot be, then the notification says so in that language', async () => {
    const ok = vi.fn(async () => new Response('{}', { status: 200 })) as unknown as typeof fetch;
    expect(await answerProposal(ok, 3, 'accept', '/', portuguese)).toMatchObject({
      title: 'Novo horário aceito',
      options: { body: 'O novo horário agora é o prometido.', lang: 'pt-BR' },
    });
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await answerProposal(offline, 3, 'decline', '/', portuguese)).toMatchObject({
      title: 'Sua resposta não foi enviada',
      options: { body: 'Sem conexão. Abra o app para responder.' },
    });
  });

  it('when several queued admin actions were refused, then the count is in the sentence of that language', () => {
    expect(failedAdminNotification([{ label: 'a' }, { label: 'b' }, { label: 'c' }], portuguese)).toMatchObject({
      title: 'Ações de admin na fila falharam',
      options: {
        body: '3 ações de admin na fila foram recusadas. Abra Aguardando envio para tentar de novo ou descartá-las.',
        lang: 'pt-BR',
      },
    });
  });
});
