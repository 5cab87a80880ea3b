/** Placeholder: replaced by the feature's real screen. */
export function ChangePasswordPage() {
  return <main><h1>Set your secure admin password</h1></main>;
}
