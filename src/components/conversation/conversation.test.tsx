import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@/domain/schemas/conversations';
import type { SocketMessage } from '@/domain/socket-messages';
import { listOutboxRecords } from '@/lib/outbox/store';
import { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { Conversation } from './conversation';

const socket = vi.hoisted(() => ({ handlers: new Set<(message: SocketMessage) => void>() }));
vi.mock('@/lib/socket', () => ({
  subscribeSocket: (handler: (message: SocketMessage) => void) => {
    socket.handlers.add(handler);
    return () => socket.handlers.delete(handler);
  },
  SOCKET_RECONNECT_MS: 1000,
}));

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

const message = (over: Partial<ConversationMessage>): ConversationMessage => ({
  id: 1,
  authorName: 'Admin',
  authorRole: 'admin',
  body: 'hello',
  photoUrl: null,
  thumbnailUrl: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  mine: false,
  ...over,
});

function serve(messages: ConversationMessage[], proposals: unknown[] = []) {
  const reads: unknown[] = [];
  const posts: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.get('/api/conversations/purchase-request/7/messages', () => HttpResponse.json(messages)),
    http.get('/api/proposals', ({ request }) => {
      const url = new URL(request.url);
      const ours = url.searchParams.get('subjectType') === 'purchase-request' && url.searchParams.get('subjectId') === '7';
      return HttpResponse.json(ours ? proposals : []);
    }),
    http.post('/api/conversations/purchase-request/7/read', async ({ request }) => {
      reads.push(await request.json());
      return HttpResponse.json({ subjectType: 'purchase-request', subjectId: 7, upTo: 0 });
    }),
    http.post('/api/conversations/purchase-request/7/messages', async ({ request }) => {
      const body = (await request.json()) as { body: string };
      posts.push({ body, key: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(message({ id: 50, authorName: 'me', authorRole: 'player', body: body.body, mine: true }), { status: 201 });
    }),
  );
  return { reads, posts };
}

async function openThread() {
  await userEvent.click(await screen.findByText('Messages'));
  return await screen.findByRole('log', { name: 'Messages' });
}

describe('Conversation', () => {
  it('when opened, then the messages show oldest first with author and time, as plain text, and are marked read', async () => {
    signInTestUser('chatter');
    const { reads } = serve([
      message({ id: 3, authorName: 'me', authorRole: 'player', body: 'Where?', mine: true }),
      message({ id: 4, body: '<b>Join</b> https://evil.example now' }),
    ]);
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    const log = await openThread();
    const items = await within(log).findAllByTestId('message');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^You · .*Where\?$/), expect.stringMatching(/^Admin · /)]);
    // Shown exactly as written: no markup made, no link.
    expect(within(log).getByText('<b>Join</b> https://evil.example now')).toBeInTheDocument();
    expect(log.querySelector('a, b')).toBeNull();
    await waitFor(() => expect(reads).toEqual([{ upTo: 4 }]));
  });

  it('when a NEW_MESSAGE arrives for the thread, then it shows once without a reload', async () => {
    signInTestUser('livechat');
    serve([message({ id: 1, body: 'first' })]);
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    const log = await openThread();
    await within(log).findByText('first');
    const live: SocketMessage = {
      type: 'NEW_MESSAGE',
      payload: { subjectType: 'purchase-request', subjectId: 7, message: message({ id: 2, body: 'On my way' }) },
    };
    socket.handlers.forEach((handler) => handler(live));
    socket.handlers.forEach((handler) => handler(live));
    await within(log).findByText('On my way');
    expect(within(log).getAllByTestId('message')).toHaveLength(2);
    // Another thread's message is not shown here.
    socket.handlers.forEach((handler) =>
      handler({ ...live, payload: { ...live.payload, subjectId: 8, message: message({ id: 9, body: 'elsewhere' }) } }),
    );
    expect(within(log).queryByText('elsewhere')).toBeNull();
  });

  it('when the thread has more than a page, then "Show earlier messages" loads the page before, above, until there is no more', async () => {
    signInTestUser('historian');
    serve([]);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, n) => message({ id: from + n, body: `m${from + n}` }));
    const asked: Array<string | null> = [];
    server.use(
      http.get('/api/conversations/purchase-request/7/messages', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        // 90 messages: the newest 50 first, then the 40 before them.
        return HttpResponse.json(before === null ? range(41, 90) : before === '41' ? range(1, 40) : []);
      }),
    );
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    const log = await openThread();
    await within(log).findByText('m90');
    expect(within(log).getAllByTestId('message')).toHaveLength(50);
    await userEvent.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('m1');
    const bodies = within(log)
      .getAllByTestId('message')
      .map((item) => item.querySelector('p')?.textContent);
    expect(bodies).toEqual(Array.from({ length: 90 }, (_, n) => `m${n + 1}`));
    expect(asked).toEqual([null, '41']);
    // A page of fewer than 50: nothing is before it.
    expect(within(log).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('when online, then Send posts the text as written with an Idempotency-Key and shows it as mine', async () => {
    signInTestUser('sender');
    const { posts } = serve([]);
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    const log = await openThread();
    await userEvent.type(screen.getByLabelText('Message'), '  on the roof  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(log).findByText('  on the roof  ', { normalizer: (text) => text });
    expect(posts).toEqual([{ body: { body: '  on the roof  ' }, key: expect.stringMatching(/.{16,}/) }]);
  });

  it('when offline, then a message waits in the outbox and reads "Not sent yet", never as sent', async () => {
    const username = signInTestUser('offliner');
    const { posts } = serve([]);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
      const log = await openThread();
      await userEvent.type(screen.getByLabelText('Message'), 'I am at the spot');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      const waiting = await within(log).findByTestId('message-waiting');
      expect(waiting).toHaveTextContent('Not sent yet');
      expect(waiting).toHaveTextContent('I am at the spot');
      expect(within(log).queryAllByTestId('message')).toHaveLength(0);
      expect(posts).toHaveLength(0);
      const records = await listOutboxRecords({ username, kind: 'message' });
      expect(records.map((record) => record.payload)).toEqual([
        { subjectType: 'purchase-request', subjectId: 7, body: 'I am at the spot' },
      ]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('when a message is over 1,000 characters, then Send is disabled and the limit is said', async () => {
    signInTestUser('longer');
    serve([]);
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    await openThread();
    const input = screen.getByLabelText('Message');
    await userEvent.click(input);
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('A message is at most 1,000 characters');
  });

  it("when the deal's drop has a proposed new time, then it shows between the messages in time order with its answer", async () => {
    signInTestUser('proposer');
    serve(
      [
        message({ id: 1, body: 'running late', createdAt: '2026-11-25T12:00:00.000Z' }),
        message({ id: 2, body: 'ok?', createdAt: '2026-11-25T12:10:00.000Z' }),
      ],
      [
        {
          id: 5,
          subjectType: 'purchase-request',
          subjectId: 7,
          scheduledDate: '3/14/2030',
          scheduledTime: '4:30 PM',
          isImmediate: false,
          promisedAt: '2030-03-14T16:30:00.000Z',
          proposedBy: 'Admin',
          proposedByRole: 'admin',
          status: 'open',
          createdAt: '2026-11-25T12:05:00.000Z',
          decidedAt: null,
          decidedBy: null,
        },
      ],
    );
    renderPage(() => <Conversation subject="purchase-request" id={7} />, '/c');
    const log = await openThread();
    const line = await within(log).findByTestId('proposal-line');
    expect(line).toHaveTextContent('New drop time proposed by Admin: 3/14/2030 at 4:30 PM');
    expect(line).toHaveTextContent('Waiting for an answer');
    const order = [...log.querySelectorAll('[data-testid="message"], [data-testid="proposal-line"]')].map((node) =>
      node.getAttribute('data-testid'),
    );
    expect(order).toEqual(['message', 'proposal-line', 'message']);
  });
});
