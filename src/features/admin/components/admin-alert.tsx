import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { Button } from '@/components/button';
import { useLingui } from '@/lib/i18n/react';

type Alert = (message: string) => void;

const AlertContext = createContext<Alert>((message) => window.alert(message));

/** The admin's alerts ('Failed to …' when the server refuses, 'Error …' otherwise) as an accessible in-app alert dialog. */
export function AdminAlertProvider({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  const [message, setMessage] = useState<string | null>(null);
  const alert = useCallback<Alert>((text) => setMessage(text), []);
  const value = useMemo(() => alert, [alert]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      <Dialog
        open={message !== null}
        alert
        title={_('Alert')}
        description={message}
        onClose={() => setMessage(null)}
        actions={
          <Button type="button" onClick={() => setMessage(null)}>
            {_('OK')}
          </Button>
        }
      >
        {null}
      </Dialog>
    </AlertContext.Provider>
  );
}

/** Shows an admin alert. */
export function useAdminAlert(): Alert {
  return useContext(AlertContext);
}
