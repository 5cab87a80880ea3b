import { createRoute } from '@tanstack/react-router';
import { SellPage } from '../features/sell/components/sell-page';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const sellRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sell', beforeLoad: requireSignedIn, component: SellPage });
