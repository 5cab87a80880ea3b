import { AccountPage } from '../features/account/components/account-page';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';
import { PasskeysPanel } from '../features/signin/components/passkeys-panel';

/** /my-activity: the account, with this device's notifications switch and the account's passkeys. */
export function AccountScreen() {
  return (
    <AccountPage
      notifications={
        <>
          <NotificationToggle />
          <PasskeysPanel />
        </>
      }
    />
  );
}
