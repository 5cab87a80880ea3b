import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { requireSignedOut } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', beforeLoad: requireSignedOut, component: LoginPage });
