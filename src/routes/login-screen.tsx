import { LoginPage } from '../features/auth/components/login-page';
import { PasskeyLogin } from '../features/signin/components/passkey-login';

/** /login: the password form, and passkeys where the browser has them (issue 29.8). */
export function LoginScreen() {
  return <LoginPage passkey={(onSignedIn) => <PasskeyLogin onSignedIn={onSignedIn} />} />;
}
