import { describe, expect, it } from 'vitest';
import {
  CASH_SELL_MAXIMUM,
  CASH_SELL_MINIMUM,
  CASH_SELL_TOO_LARGE_TEXT,
  CASH_SELL_TOO_SMALL_TEXT,
  CASH_SELL_USD_ONLY_TEXT,
  cashSellProblem,
  cashSubmissionProblem,
  payoutMethodsFor,
} from './cash-sell';
import { blockspinToCents, cashSelectionText } from './valuation';

describe('selling Blockspin cash', () => {
  it('when the category is cash, then only USD is offered', () => {
    expect(payoutMethodsFor('cash')).toEqual(['usd']);
    expect(payoutMethodsFor('weapons')).toEqual(['usd', 'blockspin']);
  });

  it('when the payout is under a cent, then it is refused with the minimum; the minimum pays $0.01', () => {
    expect(CASH_SELL_MINIMUM).toBe(334);
    expect(blockspinToCents(CASH_SELL_MINIMUM)).toBe(1);
    expect(blockspinToCents(CASH_SELL_MINIMUM - 1)).toBe(0);
    expect(cashSellProblem(100, 1, 'usd')).toBe(CASH_SELL_TOO_SMALL_TEXT);
    expect(CASH_SELL_TOO_SMALL_TEXT).toBe('Sell at least 334 Blockspin: smaller amounts pay $0.00');
    expect(cashSellProblem(334, 1, 'usd')).toBeNull();
  });

  it('when amount × quantity passes the cap, then it is refused with a clear message', () => {
    expect(cashSellProblem(999_999_999_999, 1, 'usd')).toBe(CASH_SELL_TOO_LARGE_TEXT);
    expect(cashSellProblem(CASH_SELL_MAXIMUM / 2, 3, 'usd')).toBe(CASH_SELL_TOO_LARGE_TEXT);
    expect(cashSellProblem(CASH_SELL_MAXIMUM, 1, 'usd')).toBeNull();
    expect(CASH_SELL_TOO_LARGE_TEXT).toContain('at most 100,000,000 Blockspin ($1,500.00 USD)');
  });

  it('when the server reads a cash submission, then Blockspin payouts and out-of-range amounts are refused', () => {
    const base = { ps5Name: cashSelectionText(50_000), robloxName: 'cash', quantity: 1 };
    expect(cashSubmissionProblem({ ...base, paymentMethod: 'usd' })).toBeNull();
    expect(cashSubmissionProblem({ ...base, paymentMethod: 'blockspin' })).toBe(CASH_SELL_USD_ONLY_TEXT);
    expect(cashSubmissionProblem({ ...base, ps5Name: cashSelectionText(100), paymentMethod: 'usd' })).toBe(CASH_SELL_TOO_SMALL_TEXT);
    expect(cashSubmissionProblem({ ps5Name: 'Glock', robloxName: 'weapons', quantity: 1, paymentMethod: 'blockspin' })).toBeNull();
  });
});
