import { AppearanceSwitch } from '../components/appearance-switch';
import { AccountPage } from '../features/account/components/account-page';
import { InboxLink } from '../features/inbox/components/inbox-link';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';

/** /my-activity: the account, with the inbox, this device's notifications switch and the appearance (light, dark, automatic). */
export function AccountScreen() {
  return (
    <AccountPage
      notifications={
        <>
          <InboxLink />
          <NotificationToggle />
          <AppearanceSwitch />
        </>
      }
    />
  );
}
