/** Placeholder: replaced by the feature's real screen. */
export function AccountPage() {
  return <main><h1>My Account</h1></main>;
}
