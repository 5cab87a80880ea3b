import { AppearanceSwitch } from '../components/appearance-switch';
import { AccountPage } from '../features/account/components/account-page';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';

/** /my-activity: the account, with this device's notifications switch and the appearance (light, dark, automatic). */
export function AccountScreen() {
  return (
    <AccountPage
      notifications={
        <>
          <NotificationToggle />
          <AppearanceSwitch />
        </>
      }
    />
  );
}
