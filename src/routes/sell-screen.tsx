import { InstallOffer } from '../features/install/components/install-offer';
import { NotificationOffer } from '../features/notifications/components/notification-offer';
import { SellPage } from '../features/sell/components/sell-page';

/** /sell: the sell form, with the notifications offer once an item is submitted. */
export function SellScreen() {
  return (
    <SellPage
      afterSubmit={
        <>
          <NotificationOffer />
          <InstallOffer />
        </>
      }
    />
  );
}
