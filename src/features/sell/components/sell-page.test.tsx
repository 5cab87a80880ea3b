import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { seedCatalogue } from '@/test/catalogue-fixture';
import { choosePhoto, missingListed, openSell, prepareSellScreen, press } from './sell-screen-steps';

const resize = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('@/lib/photo/resize-photo', () => ({ resizePhoto: resize.fn, prewarmPhotoWorker: () => undefined }));

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });

const server = setupMswServer();
prepareSellScreen(resize.fn);

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
    expect(missingListed(dialog)).toEqual(['Valid quantity (must be 1 or more)', 'Valid cash amount (must be greater than 0)']);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await press(user, 'Category', 'Other');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(missingListed(await screen.findByRole('alertdialog', { name: 'Submission Incomplete' }))).toEqual([
      'Item selection from category',
      'Valid quantity (must be 1 or more)',
    ]);
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
