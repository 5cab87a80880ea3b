import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/test/providers';
import { ExportPanel } from './export-panel';

const renderPanel = () =>
  render(
    <AppProviders queryClient={new QueryClient()}>
      <ExportPanel />
    </AppProviders>,
  );

describe('ExportPanel (issue 52.5)', () => {
  it('when From is after To, then the fields say so and no download link is offered until it is put right', () => {
    renderPanel();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(screen.getByRole('link', { name: 'Purchase requests (CSV)' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/admin/export/requests.csv?'),
    );
    fireEvent.change(from, { target: { value: '2026-11-20' } });
    fireEvent.change(to, { target: { value: '2026-11-10' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The end date must not be before the start date');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('The end date must not be before the start date');
    for (const link of screen.getAllByRole('link')) {
      expect(link).not.toHaveAttribute('href');
      expect(link).toHaveAttribute('aria-disabled', 'true');
    }
    fireEvent.change(to, { target: { value: '2026-11-20' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Purchase requests (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/export/requests.csv?from=2026-11-20&to=2026-11-20',
    );
  });
});
