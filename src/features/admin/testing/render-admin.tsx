// Test-only: renders Admin Control inside the real providers.
import { render } from '@testing-library/react';
import { AppProviders } from '@/test/providers';
import { Toaster } from '@/components/toaster';
import { createQueryClient } from '@/lib/query-client';
import { AdminControl } from '../components/admin-control';

export function renderAdminControl(onClose: () => void = () => {}) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <AdminControl open onClose={onClose} />
      <Toaster />
    </AppProviders>,
  );
  return { ...result, queryClient };
}
