import { act, waitFor, within } from '@testing-library/react';
import { asCents } from '@/domain/money';
import { describe, expect, it, vi } from 'vitest';
import { socketHandlers } from './user-detail-socket';
import { balance, fake, openBob, page, setupUserDetailServer } from './user-detail-steps';

vi.mock('@/lib/socket', () => import('./user-detail-socket').then((socket) => socket.socketModule));
setupUserDetailServer();

describe("A user's page (Super Admin Settings): store credit", () => {
  it('when the super admin gives $5 with a reason, then one adjustment is sent with an Idempotency-Key and the new balance and entry show', async () => {
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '5');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Sorry for the wait');
    await events.click(form.getByRole('button', { name: 'Give $5.00' }));

    expect(await form.findByText('Gave $5.00. Balance now $6.75.')).toBeInTheDocument();
    expect(fake.adjustments).toHaveLength(1);
    expect(fake.adjustments[0].body).toEqual({ amount: 5, reason: 'Sorry for the wait' });
    expect(fake.adjustments[0].key).toMatch(/.{8,}/);
    await waitFor(() => expect(balance()).toHaveTextContent('$6.75'));
    expect(within(page().getByRole('list', { name: 'Store credit entries' })).getByText('Adjusted by the store')).toBeInTheDocument();
    expect(form.getByLabelText('Amount (USD)')).toHaveValue('');
  });

  it('when the reason is too short or more is taken back than bob holds, then the form says so and sends nothing', async () => {
    const events = await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'no');
    await events.click(form.getByRole('button', { name: 'Give $1.00' }));
    expect(form.getByText('Say why the credit is adjusted (at least 3 characters)')).toBeInTheDocument();

    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), '2');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 't enough');
    await events.click(form.getByRole('button', { name: 'Take back $2.00' }));
    expect(form.getByText('bob holds $1.75: take back at most that much')).toBeInTheDocument();

    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), 'five');
    await events.click(form.getByRole('button', { name: 'Take back credit' }));
    expect(form.getByText('Enter the amount in USD, for example 5 or 2.50')).toBeInTheDocument();
    expect(fake.adjustments).toHaveLength(0);
  });

  it('when the server refuses (the balance changed meanwhile), then its message shows and what was typed stays', async () => {
    fake.refuseWith = {
      status: 409,
      message: 'bob holds $0.00 in store credit: an adjustment cannot take the balance below zero, so take at most $0.00.',
    };
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Given twice');
    await events.click(form.getByRole('button', { name: 'Take back $1.00' }));
    expect(await form.findByRole('alert')).toHaveTextContent('so take at most $0.00.');
    expect(form.getByLabelText('Reason (the player sees it)')).toHaveValue('Given twice');
  });

  it('when a CREDIT_UPDATE for bob arrives over the socket, then his balance on the page changes at once', async () => {
    await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    fake.account = { ...fake.account, balance: 0 };
    act(() => socketHandlers.forEach((handler) => handler({ type: 'CREDIT_UPDATE', payload: { username: 'bob', balance: asCents(0) } })));
    await waitFor(() => expect(balance()).toHaveTextContent('$0.00'));
  });
});
