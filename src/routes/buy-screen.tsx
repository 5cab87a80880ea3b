import { useState } from 'react';
import { useAddToCart } from '../features/cart/lib/add-to-cart';
import { useCart } from '../features/cart/api/cart-store';
import { CartButton } from '../features/cart/components/cart-button';
import { CartPanel } from '../features/cart/components/cart-panel';
import { quantityInCart } from '../features/cart/lib/cart-lines';
import { InstallOffer } from '../features/install/components/install-offer';
import { NotificationOffer } from '../features/notifications/components/notification-offer';
import { ShopPage } from '../features/shop/components/shop-page';

/** /buy: the shop with the cart composed in (the two features never import each other), and the notifications offer once a request is sent. */
export function BuyScreen() {
  const cart = useCart();
  const { addItem, addCustomCash } = useAddToCart();
  const [cartOpen, setCartOpen] = useState(false);
  return (
    <ShopPage
      cartButton={<CartButton count={cart.lines.length} onClick={() => setCartOpen(true)} />}
      onAddItem={addItem}
      onAddCustomCash={addCustomCash}
      quantityInCart={(id) => quantityInCart(cart.lines, id)}
    >
      <CartPanel
        open={cartOpen}
        onClose={() => setCartOpen(false)}
        afterSent={
          <>
            <NotificationOffer />
            <InstallOffer />
          </>
        }
      />
    </ShopPage>
  );
}
