import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { seedCatalogue } from '@/test/catalogue-fixture';
import { resetToasts } from '@/components/toast-store';
import { renderPage, signInTestUser } from '@/test/render-page';
import { SellPage } from './sell-page';

const resize = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('@/lib/photo/resize-photo', () => ({ resizePhoto: resize.fn, prewarmPhotoWorker: () => undefined }));

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });

const server = setupMswServer();
beforeEach(() => {
  resize.fn.mockReset();
  resize.fn.mockImplementation(async () => ({
    blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
    width: 1200,
    height: 800,
  }));
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  resetToasts();
});

async function openSell() {
  const username = signInTestUser('seller');
  // The file inputs are invisible (the menu opens them); pointer checks would refuse them.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderPage(SellPage, '/sell');
  await screen.findByRole('heading', { name: 'Sell an Item' });
  return { user, username };
}

async function choosePhoto(user: ReturnType<typeof userEvent.setup>) {
  const file = new File([new Uint8Array([1, 2, 3])], 'item.jpg', { type: 'image/jpeg' });
  await user.upload(screen.getByTestId('gallery-input'), file);
  await screen.findByRole('heading', { name: 'Submit My Item' });
  return file;
}

const press = (user: ReturnType<typeof userEvent.setup>, group: string, name: string) =>
  user.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name }));

describe('sell start view', () => {
  it('shows the heading, the Account link, the example and the Camera / Gallery choices', async () => {
    const { user } = await openSell();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/my-activity');
    expect(screen.getByRole('img', { name: /durability/ })).toBeInTheDocument();
    expect(screen.getByText(/Include health\/durability/)).toBeInTheDocument();
    expect(screen.getByTestId('camera-input')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('camera-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('gallery-input')).not.toHaveAttribute('capture');
    expect(screen.getByTestId('gallery-input')).toHaveAttribute('accept', 'image/*');
    await user.click(screen.getByRole('button', { name: 'Add a photo of your item' }));
    const menu = screen.getByRole('menu', { name: 'Photo source' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Camera', 'Gallery']);
  });

  it('when a photo is chosen, then it is resized and shown; the X discards it and restarts', async () => {
    const { user } = await openSell();
    const file = await choosePhoto(user);
    expect(resize.fn).toHaveBeenCalledWith(file);
    expect(screen.getByRole('img', { name: 'Your item photo' })).toHaveAttribute('src', 'blob:preview');
    await press(user, 'Category', 'Farming');
    await user.click(screen.getByRole('button', { name: 'Discard photo and start over' }));
    expect(screen.getByRole('heading', { name: 'Sell an Item' })).toBeInTheDocument();
    await choosePhoto(user);
    expect(within(screen.getByRole('group', { name: 'Category' })).getByRole('button', { name: 'Farming' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('when the photo cannot be processed, then the error toast shows', async () => {
    resize.fn.mockRejectedValueOnce(new Error('bad image'));
    const { user } = await openSell();
    await user.upload(screen.getByTestId('gallery-input'), new File(['x'], 'x.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Error processing image. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sell an Item' })).toBeInTheDocument();
  });

  it('when the file chosen is not an image, then the toast says it must be a photo and nothing is processed', async () => {
    await openSell();
    resize.fn.mockClear();
    const pdf = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('gallery-input'), { target: { files: [pdf] } });
    expect(
      await screen.findByText('That file is not a photo. Please choose a photo of your item (JPEG, PNG or WebP).'),
    ).toBeInTheDocument();
    expect(resize.fn).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Sell an Item' })).toBeInTheDocument();
  });
});

describe('sell form', () => {
  it('when the catalogue cannot be loaded and none is saved, then the item list says so with Retry, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/catalogue', () =>
        fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json(seedCatalogue()),
      ),
    );
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Weapons & Ammo');
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent("The item list couldn't be loaded");
    fail = false;
    await user.click(within(problem).getByRole('button', { name: 'Retry' }));
    await press(user, 'Type of weapon', 'Melees');
    expect(await screen.findByRole('button', { name: 'Wrench' })).toBeInTheDocument();
  });

  it('when guns are chosen, then the six gun classes show, Selected: and per-item values with a total above quantity 1', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Weapons & Ammo');
    expect(
      within(screen.getByRole('group', { name: 'Type of weapon' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Guns', 'Melees', 'Ammo']);
    await press(user, 'Type of weapon', 'Guns');
    expect(
      within(screen.getByRole('group', { name: 'Kind of gun' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pistols', 'Shotguns', 'Submachine guns', 'Assault rifles', 'Sniper rifles', 'Special']);
    await press(user, 'Kind of gun', 'Assault rifles');
    await press(user, 'Item', 'AK-47');
    expect(screen.getByText('Selected:').parentElement).toHaveTextContent('Selected: AK-47');
    const payout = screen.getByRole('radiogroup', { name: 'Receiving payment' });
    expect(within(payout).getByRole('radio', { name: /USD Cash/ })).toHaveTextContent('$2.70 USD per item');
    expect(within(payout).getByRole('radio', { name: /Blockspin Cash/ })).toHaveTextContent('27,000 Blockspin per item');
    expect(payout).not.toHaveTextContent('Total');
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(1);
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(within(payout).getByRole('radio', { name: /USD Cash/ })).toHaveTextContent('Total: $8.10 USD');
    expect(within(payout).getByRole('radio', { name: /Blockspin Cash/ })).toHaveTextContent('Total: 81,000 Blockspin');
  });

  it('when values have fractions of a cent, then the per-item line shows about the nearest cent and the total the quantity (issue 52.5)', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Weapons & Ammo');
    await press(user, 'Type of weapon', 'Ammo');
    await press(user, 'Item', 'Pistol Ammo');
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '1000');
    const usd = within(screen.getByRole('radiogroup', { name: 'Receiving payment' })).getByRole('radio', { name: /USD Cash/ });
    expect(usd).toHaveTextContent('about $0.01 USD per item');
    expect(usd).toHaveTextContent('Total: $9.00 USD (1,000 items)');
    await press(user, 'Category', 'Equipment & Consumables');
    await press(user, 'Item', 'Energy Shot');
    await user.clear(quantity);
    await user.type(quantity, '100');
    expect(usd).toHaveTextContent('about $0.02 USD per item');
    expect(usd).toHaveTextContent('Total: $2.25 USD (100 items)');
    expect(usd.textContent).not.toMatch(/\$\d+\.\d{3}/);
  });

  it('when Cash is chosen, then the amount gives the "{n} Blockspin ($x.xx USD)" selection', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    await user.type(screen.getByLabelText('Amount of Blockspin'), '50000');
    expect(screen.getByText('Selected:').parentElement).toHaveTextContent('Selected: 50,000 Blockspin ($0.75 USD)');
  });

  it('when a Blockspin amount is typed with a decimal point, then it stays as typed, is refused next to the field and is not sent', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    const amount = screen.getByLabelText('Amount of Blockspin');
    await user.type(amount, '500.5');
    expect(amount).toHaveValue('500.5');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter whole Blockspin only, without a decimal point');
    expect(screen.queryByText('Selected:')).not.toBeInTheDocument();
    await user.type(amount, '{Backspace}{Backspace}');
    expect(amount).toHaveValue('500');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Selected:').parentElement).toHaveTextContent('Selected: 500 Blockspin ($0.01 USD)');
  });

  it('when Regular Pot is chosen, then the price is set by an admin', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Farming');
    await press(user, 'Item', 'Regular Pot');
    const payout = screen.getByRole('radiogroup', { name: 'Receiving payment' });
    expect(within(payout).getAllByText('Price set by an admin')).toHaveLength(2);
  });

  it('when submitted with gaps, then Submission Incomplete lists exactly what is missing', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submission Incomplete' });
    expect(dialog).toHaveTextContent('Please complete all required fields before submitting your item.');
    expect(within(dialog).getByRole('heading', { name: 'Missing Information:' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Valid quantity (must be 1 or more)', 'Valid cash amount (must be greater than 0)']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await press(user, 'Category', 'Other');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      within(await screen.findByRole('alertdialog', { name: 'Submission Incomplete' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Item selection from category', 'Valid quantity (must be 1 or more)']);
  });

  // Issue 30 item 4: Blockspin for Blockspin is circular; a payout of $0.00 or of millions is refused.
  it('when Cash is chosen, then only USD is offered, chosen already', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    const payout = screen.getByRole('radiogroup', { name: 'Receiving payment' });
    expect(within(payout).getAllByRole('radio')).toHaveLength(1);
    expect(within(payout).getByRole('radio', { name: /USD Cash/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('when the Blockspin amount pays $0.00 or passes the cap, then it is refused next to the field and in the dialog', async () => {
    const { user } = await openSell();
    await choosePhoto(user);
    await press(user, 'Category', 'Cash');
    const amount = screen.getByLabelText('Amount of Blockspin');
    await user.type(amount, '100');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Sell at least 334 Blockspin: smaller amounts pay $0.00');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submission Incomplete' });
    expect(dialog).toHaveTextContent('Sell at least 334 Blockspin');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.clear(amount);
    await user.type(amount, '999999999999');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'One submission sells at most 100,000,000 Blockspin ($1,500.00 USD); split a larger amount or contact an admin',
    );
    await user.clear(amount);
    await user.type(amount, '334');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Other item name', () => {
  it('when a name is typed, then a counter shows its length against 60; past 60 it says so and Submit lists it', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/item-submissions', () => {
        calls += 1;
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
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
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Item name of at most 60 characters']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.type(name, '{Backspace}');
    expect(name).toHaveAccessibleDescription('60/60 characters');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });
});

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
    let calls = 0;
    server.use(
      http.post('*/api/item-submissions', () => {
        calls += 1;
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
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
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Valid quantity (at most 1,000,000)']);
    expect(calls).toBe(0);
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
