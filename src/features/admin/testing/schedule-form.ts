// Test-only: filling the scheduling forms (Schedule Item Collection, Confirm Approval).
import type userEvent from '@testing-library/user-event';
import type { within } from '@testing-library/react';

/** The scheduling forms start at the next half hour: these tests type every field from empty. */
export async function emptySchedule(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  for (const label of ['Month', 'Day', 'Year', 'Hour', 'Minute']) await user.clear(form.getByLabelText(label));
}

/** The year the forms' dates are typed in. */
export const THIS_YEAR = new Date().getFullYear();
