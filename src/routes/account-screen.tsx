import { AccountPage } from '../features/account/components/account-page';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';

/** /my-activity: the account, with this device's notifications switch. */
export function AccountScreen() {
  return <AccountPage notifications={<NotificationToggle />} />;
}
