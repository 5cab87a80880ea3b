import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED_ITEMS } from '../test/catalogue-fixture';
import { kvGet } from '../lib/db';
import { cartStorageKey } from '../features/cart/api/cart-store';
import type { CartLine } from '../features/cart/lib/cart-lines';
import { openShop, section, setupShopScreen } from './buy-screen-steps';

setupShopScreen();
const HACKING = SEED_ITEMS.filter((item) => item.category === 'Hacking');

describe('shop sections', () => {
  it('when a section header is tapped, then it expands and collapses', async () => {
    const { user } = await openShop();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    for (const name of ['Cash', 'Weapons & Ammo', 'Farming', 'Equipment & Consumables', 'Hacking']) {
      expect(section(name)).toHaveAttribute('aria-expanded', 'false');
    }
    await user.click(section('Farming'));
    expect(section('Farming')).toHaveAttribute('aria-expanded', 'true');
    for (const heading of ['Soil', 'Fertilizer', 'Seeds', 'Pots'])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Diamond Pot, show price' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Regular Pot/ })).not.toBeInTheDocument();
    await user.click(section('Farming'));
    expect(screen.queryByRole('button', { name: /Diamond Pot/ })).not.toBeInTheDocument();
  });

  it('when Weapons & Ammo is opened, then guns, melees and ammo are sub-views with a back link', async () => {
    const { user } = await openShop();
    await user.click(section('Weapons & Ammo'));
    await user.click(screen.getByRole('button', { name: /^Guns/ }));
    for (const gunClass of ['Pistols', 'Shotguns', 'Submachine guns', 'Assault rifles', 'Sniper rifles', 'Special']) {
      expect(screen.getByRole('heading', { name: gunClass })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'RPG, show price' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← Back to Weapons & Ammo' }));
    await user.click(screen.getByRole('button', { name: /^Melees/ }));
    expect(screen.getByRole('button', { name: 'Tactical Knife, show price' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← Back to Weapons & Ammo' }));
    await user.click(screen.getByRole('button', { name: /^Ammo/ }));
    await user.click(screen.getByRole('button', { name: 'Rockets, show price' }));
    expect(screen.getByRole('button', { name: /Rockets, \$0\.16 per round/ })).toBeInTheDocument();
  });

  it('when Hacking is opened, then Ultimate and Quantum offer 1, 2 and 3 hours at their prices', async () => {
    const { user } = await openShop();
    await user.click(section('Hacking'));
    for (const item of HACKING) {
      await user.click(screen.getByRole('button', { name: `${item.name}, show price` }));
      expect(screen.getByRole('button', { name: new RegExp(`\\$${item.price}\\.00`) })).toBeInTheDocument();
    }
  });
});

describe('two-tap add', () => {
  it('when an item is tapped once, then its price and the hint show; a second tap opens the quantity dialog', async () => {
    const { user, username } = await openShop();
    await user.click(section('Equipment & Consumables'));
    const kit = screen.getByRole('button', { name: 'First Aid Kit, show price' });
    expect(within(kit).queryByText('$0.69')).not.toBeInTheDocument();
    await user.click(kit);
    expect(within(kit).getByText('$0.69')).toBeInTheDocument();
    expect(within(kit).getByText('tap again to add to your cart!')).toBeInTheDocument();
    // Tapping another item moves the reveal there.
    await user.click(screen.getByRole('button', { name: 'Grenade, show price' }));
    expect(within(kit).queryByText('tap again to add to your cart!')).not.toBeInTheDocument();
    await user.click(kit);
    await user.click(kit);
    const dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    const input = within(dialog).getByLabelText('Quantity');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveValue(1);
    expect(within(dialog).getByText('Price each').nextElementSibling).toHaveTextContent('$0.69');
    expect(within(dialog).getByTestId('running-total')).toHaveTextContent('$0.69');
    await user.clear(input);
    await user.type(input, '3');
    expect(within(dialog).getByTestId('running-total')).toHaveTextContent('$2.07');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([
        {
          id: 'consumable-first-aid-kit',
          name: 'First Aid Kit',
          category: 'Equipment',
          priceCents: 69,
          quantity: 3,
          subcategory: 'consumables',
        },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // The same item again merges into the same line.
    await user.click(kit);
    await user.click(kit);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'How many would you like?' })).getByRole('button', { name: 'Add to Cart' }),
    );
    await waitFor(async () => expect((await kvGet<CartLine[]>(cartStorageKey(username)))?.[0].quantity).toBe(4));
  });

  it('when the quantity is not an integer above 0, then Add to Cart is disabled; Cancel adds nothing', async () => {
    const { user, username } = await openShop();
    await user.click(section('Weapons & Ammo'));
    await user.click(screen.getByRole('button', { name: /^Ammo/ }));
    const ammo = screen.getByRole('button', { name: 'Pistol Ammo, show price' });
    await user.click(ammo);
    await user.click(ammo);
    const dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    const input = within(dialog).getByLabelText('Number of rounds');
    expect(within(dialog).getByText('$0.03 per round')).toBeInTheDocument();
    for (const bad of ['0', '-2', '1.5']) {
      fireEvent.change(input, { target: { value: bad } });
      expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a whole number of 1 or more');
    }
    fireEvent.change(input, { target: { value: '250' } });
    expect(within(dialog).getByTestId('running-total')).toHaveTextContent('$7.50');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toBeUndefined();
  });

  it('when the quantity passes the maximum the server takes, then the dialog says the limit before anything is sent', async () => {
    const { user, username } = await openShop();
    await user.click(section('Weapons & Ammo'));
    await user.click(screen.getByRole('button', { name: /^Ammo/ }));
    const ammo = screen.getByRole('button', { name: 'Pistol Ammo, show price' });
    await user.click(ammo);
    await user.click(ammo);
    let dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    let input = within(dialog).getByLabelText('Number of rounds');
    expect(input).toHaveAttribute('max', '1000000');
    expect(input).toHaveAccessibleDescription('From 1 to 1,000,000 rounds.');
    fireEvent.change(input, { target: { value: '1000001' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Quantity must be at most 1,000,000');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '999999' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(async () => expect((await kvGet<CartLine[]>(cartStorageKey(username)))?.[0].quantity).toBe(999_999));

    // With 999,999 in the cart, only one more fits in a request.
    await user.click(ammo);
    await user.click(ammo);
    dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    input = within(dialog).getByLabelText('Number of rounds');
    expect(within(dialog).getByText('You have 999,999 rounds in your cart; you can add up to 1 round more.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '2' } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You can add at most 1 round more');
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(async () => expect((await kvGet<CartLine[]>(cartStorageKey(username)))?.[0].quantity).toBe(1_000_000));

    // Full: the dialog says so and adds nothing.
    await user.click(ammo);
    await user.click(ammo);
    dialog = await screen.findByRole('dialog', { name: 'How many would you like?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Your cart already holds the most of this item one request can carry (1,000,000)',
    );
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});
