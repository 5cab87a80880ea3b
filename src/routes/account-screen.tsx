import { AppearanceSwitch } from '../components/appearance-switch';
import { AccountPage } from '../features/account/components/account-page';
import { LanguageSetting } from '../features/account/components/language-setting';
import { InboxLink } from '../features/inbox/components/inbox-link';
import { NotificationToggle } from '../features/notifications/components/notification-toggle';
import { AuthenticatorPanel } from '../features/signin/components/authenticator-panel';
import { EmailPanel } from '../features/signin/components/email-panel';
import { PasskeysPanel } from '../features/signin/components/passkeys-panel';

/** /my-activity: the account, with the inbox, this device's notifications switch, the appearance (light, dark, automatic), the language, the account's passkeys and its email's confirmation. */
export function AccountScreen() {
  return (
    <AccountPage
      notifications={
        <>
          <InboxLink />
          <NotificationToggle />
          <AppearanceSwitch />
          <LanguageSetting />
          <PasskeysPanel />
          <AuthenticatorPanel />
          <EmailPanel />
        </>
      }
    />
  );
}
