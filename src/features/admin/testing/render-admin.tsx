// Test-only: renders Admin Control inside the real providers, its screen kept in state (the app keeps it in the
// address: src/routes/admin.tsx, tested with the router in src/routes/admin.test.tsx).
import { render } from '@testing-library/react';
import { useState } from 'react';
import { AppProviders } from '@/test/providers';
import { Toaster } from '@/components/toaster';
import { createQueryClient } from '@/lib/query-client';
import { AdminControl, AdminScreenBody } from '../components/admin-control';
import type { AdminView } from '../components/admin-views';

/** Admin Control on the menu, each tap opening its screen. */
export function StatefulAdminControl({ onClose = () => {} }: { onClose?: () => void }) {
  const [view, setView] = useState<AdminView>({ name: 'menu' });
  return (
    <AdminControl open view={view} onOpen={setView} onClose={onClose}>
      <AdminScreenBody view={view} onOpen={setView} />
    </AdminControl>
  );
}

export function renderAdminControl(onClose: () => void = () => {}) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <StatefulAdminControl onClose={onClose} />
      <Toaster />
    </AppProviders>,
  );
  return { ...result, queryClient };
}
