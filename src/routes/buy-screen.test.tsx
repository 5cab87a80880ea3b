import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../components/toast-store';
import { SEED_ITEMS, whenCatalogueLoaded } from '../test/catalogue-fixture';
import { setupMswServer } from '../test/msw';
import { kvGet } from '../lib/db';
import { cartStorageKey } from '../features/cart/api/cart-store';
import type { CartLine } from '../features/cart/lib/cart-lines';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';

// The machine is shared: give slow runs room instead of failing on timing.
vi.setConfig({ testTimeout: 30_000 });

setupMswServer();
const HACKING = SEED_ITEMS.filter((item) => item.category === 'Hacking');

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

async function openShop() {
  const username = signInTestUser('shop');
  const user = userEvent.setup();
  const { queryClient } = renderPage(BuyScreen, '/buy');
  await screen.findByRole('heading', { name: 'Shop' });
  // The sections' contents show once the catalogue has answered.
  await whenCatalogueLoaded(queryClient);
  return { user, username };
}

const section = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

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

describe('custom cash', () => {
  it('when the amount is below 500, then it says so and adds nothing', async () => {
    const { user, username } = await openShop();
    await user.click(section('Cash'));
    for (const pack of ['$12,000 Cash', '$25,000 Cash', '$50,000 Cash', '$100,000 Cash', '$500,000 Cash']) {
      expect(screen.getByRole('button', { name: `${pack}, show price` })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /\$250,000 Cash/ })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Amount of cash');
    await user.type(input, '499');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter at least $500');
    expect(screen.queryByTestId('custom-cash-price')).not.toBeInTheDocument();
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toBeUndefined();
  });

  it('when the amount is valid, then the tier price shows, savings only from 1,000,000, and it is added', async () => {
    const { user, username } = await openShop();
    await user.click(section('Cash'));
    const input = screen.getByLabelText('Amount of cash');
    await user.type(input, '500');
    expect(screen.getByTestId('custom-cash-price')).toHaveTextContent('$0.12');
    for (const [amount, price] of [
      ['24999', '$6.23'],
      ['25000', '$4.99'],
      ['50000', '$9.50'],
      ['100000', '$17.99'],
      ['500000', '$49.99'],
    ]) {
      fireEvent.change(input, { target: { value: amount } });
      expect(screen.getByTestId('custom-cash-price')).toHaveTextContent(price);
    }
    await user.clear(input);
    await user.type(input, '999999');
    expect(input).toHaveValue('999,999');
    expect(screen.getByTestId('custom-cash-price')).toHaveTextContent('$99.98');
    expect(screen.queryByTestId('custom-cash-savings')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1000000');
    expect(screen.getByTestId('custom-cash-price')).toHaveTextContent('$90.00');
    // 2 × $49.99 = $99.98 against $90.00
    expect(screen.getByTestId('custom-cash-savings')).toHaveTextContent('You save $9.98 compared with buying $500,000 packs');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(async () =>
      expect(await kvGet<CartLine[]>(cartStorageKey(username))).toEqual([
        {
          id: 'custom-cash-1000000',
          name: '$1,000,000 Custom Cash',
          category: 'Custom Cash',
          priceCents: 9000,
          quantity: 1,
          subcategory: 'custom cash',
        },
      ]),
    );
    expect(input).toHaveValue('');
  });

  it('when 500.5 is typed, then it stays 500.5, says whole dollars only and adds nothing until the point is removed', async () => {
    const { user, username } = await openShop();
    await user.click(section('Cash'));
    expect(screen.getByText('Choose any whole amount from $500 to $100,000,000. Bigger amounts get a better rate.')).toBeInTheDocument();
    const input = screen.getByLabelText('Amount of cash');
    await user.type(input, '500.5');
    expect(input).toHaveValue('500.5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter whole dollars only, without a decimal point');
    expect(input).toHaveAccessibleDescription('Please enter whole dollars only, without a decimal point');
    expect(screen.queryByTestId('custom-cash-price')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await kvGet<CartLine[]>(cartStorageKey(username))).toBeUndefined();
    expect(input).toHaveValue('500.5');
    await user.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('500');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('custom-cash-price')).toHaveTextContent('$0.12');
  });
});

describe('Coming Soon bubbles', () => {
  it('when the VS dropdown, Backdoor / Scammer List, Body Guards, Gamble or Roll Dice is used, then Coming Soon! shows for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    signInTestUser('soon');
    const { queryClient } = renderPage(BuyScreen, '/buy');
    await screen.findByRole('heading', { name: 'Shop' });
    await whenCatalogueLoaded(queryClient);
    await user.click(section('Equipment & Consumables'));
    const vs = screen.getByRole('combobox', { name: 'VS mode' });
    expect(
      within(vs)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(1),
    ).toEqual(['1 vs 1', '2 vs 2', '3 vs 3', '4 vs 4']);
    const triggers: Array<() => Promise<void>> = [
      () => user.selectOptions(vs, '3 vs 3'),
      () => user.click(screen.getByRole('button', { name: 'Backdoor / Scammer List' })),
      () => user.click(screen.getByRole('button', { name: 'Body Guards' })),
      () => user.click(screen.getByRole('button', { name: 'Gamble' })),
      () => user.click(screen.getByRole('button', { name: 'Roll Dice' })),
    ];
    for (const trigger of triggers) {
      await trigger();
      expect(screen.getByText('Coming Soon!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4900));
      expect(screen.getByText('Coming Soon!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(150));
      expect(screen.queryByText('Coming Soon!')).not.toBeInTheDocument();
    }
  });
});
