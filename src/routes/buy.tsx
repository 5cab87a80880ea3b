import { createRoute } from '@tanstack/react-router';
import { ShopPage } from '../features/shop/components/shop-page';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const buyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/buy', beforeLoad: requireSignedIn, component: ShopPage });
