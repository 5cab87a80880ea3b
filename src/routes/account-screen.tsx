import { AccountPage } from '../features/account/components/account-page';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';
import { EmailPanel } from '../features/signin/components/email-panel';
import { PasskeysPanel } from '../features/signin/components/passkeys-panel';

/** /my-activity: the account, with this device's notifications switch, the account's passkeys and its email's confirmation. */
export function AccountScreen() {
  return (
    <AccountPage
      notifications={
        <>
          <NotificationToggle />
          <PasskeysPanel />
          <EmailPanel />
        </>
      }
    />
  );
}
