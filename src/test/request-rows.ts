import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Kind = 'purchase-request' | 'sell-request';

/** The requests of My Buy/Sell Requests (issue 30 item 15) in list order: each a compact row, or the row opened. */
export const requestRows = (kind: Kind) => [
  ...document.querySelectorAll<HTMLElement>(`[data-testid="${kind}-row"], [data-testid="${kind}-row-open"]`),
];

/** Opens every compact row of a list and returns the full cards, in list order. */
export async function openRequestCards(user: UserEvent, kind: Kind): Promise<HTMLElement[]> {
  // Each opened row is replaced by its card: take the first row still closed until none is left.
  const closed = () => screen.queryAllByTestId(`${kind}-row`)[0];
  for (let row = closed(); row; row = closed()) await user.click(row);
  return screen.queryAllByTestId(`${kind}-card`);
}
