/** Placeholder: replaced by the feature's real screen. */
export function LoginPage() {
  return <main><h1>Login</h1></main>;
}
