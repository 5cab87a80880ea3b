import { createRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ChangePasswordPage } from '../features/auth/components/change-password-page';
import { rootRoute } from './root';

const search = z.object({ token: z.optional(z.string()), username: z.optional(z.string()) });

export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/change-password',
  validateSearch: (input: Record<string, unknown>) => {
    const parsed = search.safeParse(input);
    return parsed.success ? parsed.data : {};
  },
  component: ChangePasswordPage,
});
