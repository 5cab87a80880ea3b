import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { AppProviders } from '@/test/providers';
import { APPROVAL_RANGES, EMPTY_SCHEDULE, type ScheduleFields as Fields, type ScheduleProblem } from '../lib/schedule';
import { ScheduleFields } from './schedule-fields';

const server = setupMswServer();
beforeEach(() => server.use(http.get('/api/store', () => HttpResponse.json({ timeZone: 'America/New_York' }))));

function Form({ start = EMPTY_SCHEDULE, problem = null }: { start?: Fields; problem?: ScheduleProblem | null }) {
  const [value, setValue] = useState(start);
  return <ScheduleFields value={value} onChange={setValue} ranges={APPROVAL_RANGES} problem={problem} />;
}

const renderForm = (props: Parameters<typeof Form>[0] = {}) =>
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form {...props} />
    </AppProviders>,
  );

describe('ScheduleFields (issue 52.5)', () => {
  it('when 2/30 is in the fields, then no day is previewed beside the error (it read "Tue, Mar 2")', async () => {
    renderForm({
      start: { immediately: false, month: '2', day: '30', year: '2027', hour: '4', minute: '30', meridiem: 'PM' },
      problem: { field: 'date', message: 'February 2027 has 28 days' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('February 2027 has 28 days');
    expect(screen.queryByTestId('schedule-choice')).toBeNull();
    expect(screen.queryByText(/Mar 2/)).toBeNull();
  });

  it('when a quick time is tapped, then its chip shows as chosen until the fields are changed by hand', async () => {
    const user = userEvent.setup();
    renderForm();
    const chips = within(await screen.findByRole('group', { name: 'Quick times' }));
    for (const name of ['Today', 'Tomorrow', '+1 h', '+2 h'])
      expect(chips.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    await user.click(chips.getByRole('button', { name: 'Tomorrow' }));
    expect(chips.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('schedule-choice')).toHaveTextContent(/^Tomorrow /);
    await user.click(chips.getByRole('button', { name: '+1 h' }));
    expect(chips.getByRole('button', { name: '+1 h' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(
      screen.getByRole('button', {
        name: screen.getByRole('button', { name: 'AM' }).getAttribute('aria-pressed') === 'true' ? 'PM' : 'AM',
      }),
    );
    expect(chips.getByRole('button', { name: '+1 h' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('when the form opens, then there is one Immediately control: the checkbox', async () => {
    renderForm();
    await screen.findByRole('group', { name: 'Quick times' });
    expect(screen.getAllByText('Immediately')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Immediately' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Immediately' })).toBeNull();
  });
});
