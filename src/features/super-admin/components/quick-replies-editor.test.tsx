import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { QuickRepliesEditor } from './quick-replies-editor';

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

describe('QuickRepliesEditor', () => {
  it('when the super admin edits, removes and adds replies, then Save sends the list in order, trimmed, without blanks', async () => {
    signInTestUser('boss');
    const puts: unknown[] = [];
    server.use(
      http.get('/api/conversations/quick-replies', () => HttpResponse.json(['On my way', "I'm at the spot", 'Join my server: …'])),
      http.put('/api/admin/quick-replies', async ({ request }) => {
        const body = (await request.json()) as { replies: string[] };
        puts.push(body);
        return HttpResponse.json(body.replies);
      }),
    );
    renderPage(QuickRepliesEditor, '/q');
    const first = await screen.findByLabelText('Quick reply 1');
    await userEvent.clear(first);
    await userEvent.type(first, 'Two minutes away ');
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Add reply' }));
    await userEvent.type(screen.getByLabelText('Quick reply 3'), 'Drop is done');
    await userEvent.click(screen.getByRole('button', { name: 'Add reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save quick replies' }));
    await waitFor(() => expect(puts).toEqual([{ replies: ['Two minutes away', 'Join my server: …', 'Drop is done'] }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Quick replies saved');
  });

  it('when the server refuses, then its message is shown', async () => {
    signInTestUser('boss');
    server.use(
      http.get('/api/conversations/quick-replies', () => HttpResponse.json(['On my way'])),
      http.put('/api/admin/quick-replies', () => HttpResponse.json({ message: 'Only the super admin may do that' }, { status: 403 })),
    );
    renderPage(QuickRepliesEditor, '/q');
    await userEvent.click(await screen.findByRole('button', { name: 'Save quick replies' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the super admin may do that');
  });
});
