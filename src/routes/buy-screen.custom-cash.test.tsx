import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { whenCatalogueLoaded } from '../test/catalogue-fixture';
import { kvGet } from '../lib/db';
import { cartStorageKey } from '../features/cart/api/cart-store';
import type { CartLine } from '../features/cart/lib/cart-lines';
import { renderPage, signInTestUser } from '../test/render-page';
import { BuyScreen } from './buy-screen';
import { openShop, section, setupShopScreen } from './buy-screen-steps';

setupShopScreen();

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
