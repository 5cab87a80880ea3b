import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { choosePhoto, countSubmissions, missingListed, openSell, prepareSellScreen, press } from './sell-screen-steps';

const resize = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('@/lib/photo/resize-photo', () => ({ resizePhoto: resize.fn, prewarmPhotoWorker: () => undefined }));

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });

const server = setupMswServer();
prepareSellScreen(resize.fn);

describe('sell submission', () => {
  it('when everything is filled in, then the submission and the sell request are sent, the toast shows and the form resets', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/item-submissions', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        await gate;
        return HttpResponse.json({ id: 41, imageUrl: '/api/images/a.jpg' }, { status: 201 });
      }),
      http.post('*/api/user-sell-requests', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    const { user, username } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    await user.type(screen.getByLabelText('Amount of Blockspin'), '50000');
    await user.click(screen.getByRole('radio', { name: /USD Cash/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(pending).toBeDisabled();
    await user.click(pending);
    release();
    expect(await screen.findByText('Item submitted successfully! Admins will review your submission.')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({
      ps5Name: '50,000 Blockspin ($0.75 USD)',
      robloxName: 'cash',
      hasMultipleQuantity: false,
      quantity: 1,
      paymentMethod: 'usd',
      submittedBy: username,
    });
    expect(String(bodies[0].imageUrl)).toMatch(/^data:image\/jpeg;base64,/);
    expect(bodies[1]).toMatchObject({
      username,
      itemName: '50,000 Blockspin ($0.75 USD)',
      category: 'cash',
      paymentMethod: 'usd',
      quantity: 1,
      status: 'pending',
      submissionId: 41,
    });
    expect(screen.getByRole('heading', { name: 'Sell an Item' })).toBeInTheDocument();
  });

  it('when the server refuses the submission, then the failure toast gives the server reason and the form stays', async () => {
    server.use(http.post('*/api/item-submissions', () => HttpResponse.json({ message: 'The photo is too large' }, { status: 413 })));
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Other');
    await user.type(screen.getByLabelText('Item name'), 'Rare hat');
    await user.click(screen.getByRole('radio', { name: /Blockspin Cash/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('alert');
    await waitFor(() => expect(toast).toHaveTextContent('Failed to submit item'));
    expect(toast).toHaveTextContent('The photo is too large');
    expect(toast).not.toHaveTextContent('Please try again');
    expect(screen.getByRole('heading', { name: 'Submit My Item' })).toBeInTheDocument();
    expect(screen.getByLabelText('Item name')).toHaveValue('Rare hat');
  });

  it('when the quantity passes the maximum the server takes, then the field says so before sending and nothing is sent', async () => {
    const calls = countSubmissions(server);
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Equipment & Consumables');
    await press(user, 'Item', 'Molotov');
    await user.click(screen.getByRole('radio', { name: /USD Cash/ }));
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveAttribute('max', '1000000');
    expect(quantity).toHaveAccessibleDescription('From 1 to 1,000,000');
    await user.clear(quantity);
    await user.type(quantity, '99999999');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Quantity must be at most 1,000,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submission Incomplete' });
    expect(missingListed(dialog)).toEqual(['Valid quantity (at most 1,000,000)']);
    expect(calls()).toBe(0);
  });

  it('when the network fails, then the item is queued and the user is told it will be sent when online', async () => {
    server.use(http.post('*/api/item-submissions', () => HttpResponse.error()));
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Equipment & Consumables');
    await press(user, 'Item', 'Molotov');
    await user.click(screen.getByRole('radio', { name: /USD Cash/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText(/saved on this device\. It will be submitted automatically when you're back online\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sell an Item' })).toBeInTheDocument());
  });
});

// Last: its typing is the slowest of the file, and the first test of a file also loads the screen's code.
describe('Other item name', () => {
  it('when a name is typed, then a counter shows its length against 60; past 60 it says so and Submit lists it', async () => {
    const calls = countSubmissions(server);
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Other');
    const name = screen.getByLabelText('Item name');
    expect(name).toHaveAccessibleDescription('0/60 characters');
    await user.type(name, 'Golden Dragon');
    expect(name).toHaveAccessibleDescription('13/60 characters');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await user.type(name, 'x'.repeat(48));
    // Nothing typed is cut off: the whole name stays so the player can choose what to remove.
    expect(name).toHaveValue(`Golden Dragon${'x'.repeat(48)}`);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The item name must be at most 60 characters');
    expect(name).toHaveAccessibleDescription('The item name must be at most 60 characters 61/60 characters');
    await user.click(screen.getByRole('radio', { name: /USD Cash/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submission Incomplete' });
    expect(missingListed(dialog)).toEqual(['Item name of at most 60 characters']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.type(name, '{Backspace}');
    expect(name).toHaveAccessibleDescription('60/60 characters');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls()).toBe(0);
  });
});
